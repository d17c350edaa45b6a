import type { AppContext } from '../../context';
import type { CheckContext } from '../../checks/domain/context';
import { checkDomainNow, storeDomainCheck, type DomainCheckOutcome } from '../../checks/history/recheck';
import { reportSelectors } from '../../checks/history/repo';
import type { Db } from '../../db/database';
import { recheckQueue } from '../../checks/history/job';
import { enqueue } from '../../jobs/queue';
import { checkContextFrom } from '../checks';

// Checks of one domain on demand (POST /v2/domains/{id}/recheck/) and right after a domain is registered.
// The network half runs outside any transaction; only storing the results takes one.

// Keyed by the settings object: a job's context is a new object per run, its config the process's one.
const contexts = new WeakMap<AppContext['config'], CheckContext>();

/** One check context (resolver, policy fetcher) per application, built at first use from its settings. */
export function checkContextFor(ctx: AppContext): CheckContext {
  let found = contexts.get(ctx.config);
  if (!found) {
    found = checkContextFrom(ctx.config);
    contexts.set(ctx.config, found);
  }
  return found;
}

export type CheckableDomain = { id: number; name: string; organization_id: number };

export async function checkAndStore(ctx: AppContext, domain: CheckableDomain): Promise<DomainCheckOutcome> {
  const selectors = await reportSelectors(ctx.db, domain);
  const outcome = await checkDomainNow(domain, selectors, checkContextFor(ctx), ctx.now, (system, err) =>
    ctx.logger.warn({ err, system, domain: domain.name }, 'a checker failed'),
  );
  await ctx.db.transaction().execute((trx) => storeDomainCheck(trx, outcome));
  return outcome;
}

/**
 * The first results and history of a newly registered domain: a job on the re-check queue, put there in
 * the caller's transaction (pass it as db), so a worker runs it even if this process stops now.
 */
export async function queueDomainCheck(ctx: AppContext, db: Db, domainId: number): Promise<void> {
  // CHECK_INTERVAL_HOURS=0 turns the automatic checks off (the tests' default: no stray DNS traffic).
  if (ctx.config.checkIntervalHours === 0) return;
  await enqueue(db, recheckQueue, { domainId }, { key: `domain:${domainId}:registered` });
}
