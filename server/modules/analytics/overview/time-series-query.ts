import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Selection } from '../selection/filter';
import type { SeriesName } from '../../../../contract/analytics';
import { rollupCondition } from '../selection/where';
import { foldSummaries } from '../summaries/summaries-fold';

export type DayTotals = { day: string } & Record<SeriesName, number>;

type DaySums = { messages: number; dmarc_passed: number; dkim_passed: number; spf_passed: number };

/** A day's series from its sums: failed = messages - passed (the summary keeps only the passes). */
export const dayTotals = (day: string, s: DaySums): DayTotals => ({
  day,
  messages: s.messages,
  dmarc_passed: s.dmarc_passed,
  dmarc_failed: s.messages - s.dmarc_passed,
  dkim_passed: s.dkim_passed,
  dkim_failed: s.messages - s.dkim_passed,
  spf_passed: s.spf_passed,
  spf_failed: s.messages - s.spf_passed,
});

/** Per-day message sums for the window's days that have data, oldest first. */
export async function dailyTotals(db: Db, s: Selection): Promise<DayTotals[]> {
  await foldSummaries(db);
  // The daily per-domain summary (migration 0033) holds these sums already.
  const { rows } = await sql<Record<string, string | number | null>>`select u.day::text as day,
      sum(u.messages) as messages,
      sum(u.dmarc_passed) as dmarc_passed,
      sum(u.dkim_passed) as dkim_passed,
      sum(u.spf_passed) as spf_passed
    from analytics_domain_days u
    where ${rollupCondition(s)} and u.records > 0
    group by u.day
    order by u.day`.execute(db);
  return rows.map((r) =>
    dayTotals(String(r.day), {
      messages: Number(r.messages ?? 0),
      dmarc_passed: Number(r.dmarc_passed ?? 0),
      dkim_passed: Number(r.dkim_passed ?? 0),
      spf_passed: Number(r.spf_passed ?? 0),
    }),
  );
}
