import type { Db } from '../../db/database';
import type { CheckContext } from '../domain/context';
import { memoResolver } from '../domain/memoResolver';
import { dkimItems } from './dkim-items';
import { itemsToWrite } from './diff';
import { HISTORY_TYPES, readRecordSets, type RecordSets } from './records';
import { insertItems, latestItems, saveOutcomes } from './repo';
import { runSystems, type SystemOutcome } from './systems';
import { queueDnsEvaluations } from '../../modules/alerts';

// One re-check of one domain, in two halves: the network half (every system and the history record sets;
// no database, so no connection or transaction is held while DNS and SMTP answer) and the storing half.

export type DomainRef = { id: number; name: string; organization_id: number };
export type DomainCheckOutcome = {
  domain: DomainRef;
  checkedAt: Date;
  systems: SystemOutcome[];
  records: RecordSets;
};

export async function checkDomainNow(
  domain: DomainRef,
  selectors: string[],
  ctx: CheckContext,
  now: () => Date,
  onError?: (system: string, error: unknown) => void,
): Promise<DomainCheckOutcome> {
  const shared = { ...ctx, resolver: memoResolver(ctx.resolver) };
  const [systems, records] = await Promise.all([
    runSystems(domain.name, selectors, shared, onError),
    readRecordSets(domain.name, shared.resolver),
  ]);
  return { domain, checkedAt: now(), systems, records };
}

/** Stores the latest results and the history items of the sets that changed; returns how many items. */
export async function storeDomainCheck(db: Db, outcome: DomainCheckOutcome): Promise<number> {
  const { domain, checkedAt } = outcome;
  // The domain may have been deleted while its checks ran.
  const exists = await db
    .selectFrom('domains')
    .select('id')
    .where('organization_id', '=', domain.organization_id)
    .where('id', '=', domain.id)
    .executeTakeFirst();
  if (!exists) return 0;
  await saveOutcomes(db, domain, outcome.systems, checkedAt);
  let written = 0;
  for (const type of HISTORY_TYPES) {
    const items = itemsToWrite(type, await latestItems(db, domain, type), outcome.records[type]);
    if (!items) continue;
    await insertItems(db, domain, type, items, checkedAt);
    written += items.length;
  }
  const dkim = outcome.systems.find((s) => s.system === 'dkim');
  const lastDkim = await latestItems(db, domain, 'dkim');
  const dkimSet = itemsToWrite('dkim', lastDkim, dkim ? dkimItems(dkim.result, lastDkim) : null);
  if (dkimSet) {
    await insertItems(db, domain, 'dkim', dkimSet, checkedAt);
    written += dkimSet.length;
  }
  // Alert rules on the results, and on DNS changes when there were some, judge the day of this check
  // (server/modules/alerts), queued in this transaction.
  await queueDnsEvaluations(db, domain.id, checkedAt, written > 0);
  return written;
}
