import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Selection } from './filter';
import type { SeriesName } from '../../../contract/analytics';
import { rollupCondition } from './where';
import { foldSummaries } from './summaries-fold';

export type DayTotals = { day: string } & Record<SeriesName, number>;

/** Per-day message sums for the window's days that have data, oldest first. */
export async function dailyTotals(db: Db, s: Selection): Promise<DayTotals[]> {
  await foldSummaries(db);
  // The daily per-domain summary (migration 0033) holds these sums already; failed = messages - passed.
  const { rows } = await sql<Record<string, string | number | null>>`select u.day::text as day,
      sum(u.messages) as messages,
      sum(u.dmarc_passed) as dmarc_passed,
      sum(u.messages) - sum(u.dmarc_passed) as dmarc_failed,
      sum(u.dkim_passed) as dkim_passed,
      sum(u.messages) - sum(u.dkim_passed) as dkim_failed,
      sum(u.spf_passed) as spf_passed,
      sum(u.messages) - sum(u.spf_passed) as spf_failed
    from analytics_domain_days u
    where ${rollupCondition(s)} and u.records > 0
    group by u.day
    order by u.day`.execute(db);
  return rows.map((r) => ({
    day: String(r.day),
    messages: Number(r.messages ?? 0),
    dmarc_passed: Number(r.dmarc_passed ?? 0),
    dmarc_failed: Number(r.dmarc_failed ?? 0),
    dkim_passed: Number(r.dkim_passed ?? 0),
    dkim_failed: Number(r.dkim_failed ?? 0),
    spf_passed: Number(r.spf_passed ?? 0),
    spf_failed: Number(r.spf_failed ?? 0),
  }));
}
