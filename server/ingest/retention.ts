import { sql } from 'kysely';
import { defaultBenefits } from '../../contract/auth';
import type { Db } from '../db/database';
import { ensureMonths, monthOf, nextMonth } from '../db/partitions';
import { pruneSummaries } from '../modules/analytics';
import { benefitsFor } from '../modules/shared/roles';
import { dropExpiredMonths } from './retention-months';

// Retention: an organization keeps reports (and rollups) of the days within its `retention` benefit
// (default 30 days); the organization's dynamic setting retention_days (Settings → Dynamic Settings, stored
// by server/modules/settings/service.ts) may shorten it, never lengthen it. Reports nobody claimed (held:
// hold.ts) are kept the default retention after they were received, then dropped.
// Original files go when no report points at them any more. Months past everyone's retention go whole, as
// partitions (retention-months.ts); the rest row by row.

/** `months`: months dropped whole (retention-months.ts); their rollups are counted in `rollups`. */
export type PurgeResult = {
  reports: number;
  rollups: number;
  other: number;
  files: number;
  months: string[];
};

const dayMs = 86_400_000;

export function retentionDays(benefits: { retention?: number } | undefined, settings: unknown): number {
  const allowed = benefitsFor(benefits).retention;
  const wanted = (settings as { retention_days?: unknown } | null)?.retention_days;
  return typeof wanted === 'number' && wanted >= 1 ? Math.min(wanted, allowed) : allowed;
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

export async function purgeExpiredReports(db: Db, now: Date): Promise<PurgeResult> {
  const result: PurgeResult = { reports: 0, rollups: 0, other: 0, files: 0, months: [] };
  // Partitions ahead of need: this month's and the next (ingestion creates any other it writes).
  const today = utcDay(now);
  await ensureMonths(db, [today, nextMonth(monthOf(today))]);
  const orgs = await db.selectFrom('organizations').select(['id', 'benefits', 'settings']).execute();
  const cutoffs = orgs.map((org) => ({
    org,
    cutoff: new Date(now.getTime() - retentionDays(org.benefits, org.settings) * dayMs),
  }));
  const unclaimed = new Date(now.getTime() - defaultBenefits.retention * dayMs);
  // First the months past everyone's retention, whole; then the rows of the months still partly kept.
  const keepFrom = cutoffs.reduce((min, c) => (utcDay(c.cutoff) < min ? utcDay(c.cutoff) : min), today);
  const dropped = await dropExpiredMonths(db, keepFrom);
  result.months = dropped.months;
  result.rollups += dropped.rollups;
  for (const { org, cutoff } of cutoffs) {
    // Aggregate reports go by the day their rollups carry (UTC day of begin), so both leave together.
    const day = utcDay(cutoff);
    result.reports += await purgeAggregate(db, org.id, day);
    const rollups = await db
      .deleteFrom('dmarc_rollups')
      .where('organization_id', '=', org.id)
      .where('day', '<', day)
      .executeTakeFirst();
    result.rollups += Number(rollups.numDeletedRows);
    for (const table of ['tls_reports', 'failure_reports'] as const) {
      const r = await db
        .deleteFrom(table)
        .where('organization_id', '=', org.id)
        .where('end_date', '<', cutoff)
        .executeTakeFirst();
      result.other += Number(r.numDeletedRows);
    }
  }
  // Held reports (hold.ts), whatever their period: the default retention counted from their arrival.
  const held = await db
    .deleteFrom('held_reports')
    .where('received_at', '<', unclaimed)
    .returning('kind')
    .execute();
  for (const { kind } of held)
    if (kind === 'aggregate') result.reports += 1;
    else result.other += 1;
  // A file goes when no report keeps it as its own bytes nor as the file it was received in (one NOT
  // EXISTS per column, so each is an anti-join the planner can hash).
  const kept = ['dmarc_reports', 'tls_reports', 'failure_reports', 'held_reports'].flatMap((table) =>
    ['file_id', 'received_file_id'].map(
      (column) => sql`not exists (select 1 from ${sql.table(table)} r where r.${sql.ref(column)} = f.id)`,
    ),
  );
  const files = await sql`delete from report_files f where ${sql.join(kept, sql` and `)}`.execute(db);
  result.files = Number(files.numAffectedRows ?? 0);
  // The analytics summaries (migration 0033): fold the purge's deltas and drop the rows left at zero.
  await pruneSummaries(db);
  return result;
}

// The organization's aggregate reports of days before `before` ('YYYY-MM-DD'). Children first, by set:
// faster than letting ON DELETE CASCADE fire row by row on a million records; the records are all of days
// before it, so only the partitions of those months are read.
async function purgeAggregate(db: Db, organizationId: number, before: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`select id from dmarc_reports
    where organization_id = ${organizationId} and (begin_date at time zone 'UTC')::date < ${before}::date`.execute(
    db,
  );
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.id);
  await sql`delete from dmarc_records
    where report_id = any(${ids}::bigint[]) and organization_id = ${organizationId} and day < ${before}::date`.execute(
    db,
  );
  await sql`delete from dmarc_reports
    where organization_id = ${organizationId} and id = any(${ids}::bigint[])`.execute(db);
  return ids.length;
}
