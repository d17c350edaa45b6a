import { sql } from 'kysely';
import type { Db } from '../db/database';
import { listPartitions, partitionLock } from '../db/partitions';

// Retention by whole months (migration 0042_partitioned_history): a month whose every day is past every
// organization's retention loses its partitions of dmarc_records and dmarc_rollups: detached and dropped, no
// row deleted one by one (no dead rows left for vacuum, no index entries to clean). A month that still holds
// someone's data (an organization keeping longer than the shortest) is left to the row deletes of
// retention.ts. Held reports are not in any month (hold.ts): attaching one creates its month again
// (attach.ts).
//
// Dropping a partition fires no delete trigger, so the rollups' signed deltas for the analytics summaries
// (migration 0033) are queued from the detached partition before it is dropped; the purge then folds them.
// Detaching takes an exclusive lock on the parent table until the transaction ends: the purge job runs
// outside a transaction (jobs.ts), so this one is only the drop's.

/** The rollup columns 0033's delta queue keeps. */
const deltaColumns = sql.raw(
  'organization_id, day, domain, source_ip, sender_service, dkim_auth, spf_auth, dkim_aligned, spf_aligned, ' +
    'dmarc_pass, messages, records',
);

export type DroppedMonths = { months: string[]; rollups: number };

/** Drops the months ending on or before `keepFrom` (the first day any organization keeps, 'YYYY-MM-DD'). */
export async function dropExpiredMonths(db: Db, keepFrom: string): Promise<DroppedMonths> {
  // Detach, queue the deltas and drop together or not at all (the purge job runs in a transaction already).
  return db.isTransaction
    ? dropMonths(db, keepFrom)
    : db.transaction().execute((trx) => dropMonths(trx, keepFrom));
}

async function dropMonths(db: Db, keepFrom: string): Promise<DroppedMonths> {
  const result: DroppedMonths = { months: [], rollups: 0 };
  const old = (await listPartitions(db)).filter((p) => p.to <= keepFrom);
  if (old.length === 0) return result;
  await partitionLock.execute(db);
  const months = new Set<string>();
  for (const p of await listPartitions(db)) {
    if (p.to > keepFrom) continue;
    await sql`alter table ${sql.table(p.table)} detach partition ${sql.table(p.name)}`.execute(db);
    if (p.table === 'dmarc_rollups') {
      const queued = await sql`insert into analytics_pending (${deltaColumns}, sign)
        select ${deltaColumns}, -1 from ${sql.table(p.name)}`.execute(db);
      result.rollups += Number(queued.numAffectedRows ?? 0);
    }
    await sql`drop table ${sql.table(p.name)}`.execute(db);
    months.add(p.from);
  }
  result.months = [...months];
  return result;
}
