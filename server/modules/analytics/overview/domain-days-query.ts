import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Selection } from '../selection/filter';
import { foldSummaries } from '../summaries/summaries-fold';
import { dayTotals, type DayTotals } from './time-series-query';
import { rollupCondition } from '../selection/where';

// The sums a report needs of one selection from a single read of the daily per-domain summary (migration
// 0033), grouped two ways at once: per domain and per day. The numbers are those of metricsTotals (the
// total is the sum of the domains), aggregatedByDomain in its default order (messages, most first, then
// the name; no sources count) and dailyTotals: the same table, rows and filter (records > 0), summed.

export type Sums = {
  messages: number;
  records: number;
  dmarc_passed: number;
  dkim_passed: number;
  spf_passed: number;
};
export type DomainSums = Sums & { domain: string };
export type DomainDayFigures = { total: Sums; domains: DomainSums[]; days: DayTotals[] };

type Raw = { by_day: number; domain: string | null; day: string | null } & Record<keyof Sums, string>;

export async function domainDayFigures(db: Db, s: Selection): Promise<DomainDayFigures> {
  await foldSummaries(db);
  const { rows } = await sql<Raw>`select grouping(u.domain) as by_day, u.domain, u.day::text as day,
      sum(u.messages) as messages, sum(u.records) as records, sum(u.dmarc_passed) as dmarc_passed,
      sum(u.dkim_passed) as dkim_passed, sum(u.spf_passed) as spf_passed
    from analytics_domain_days u
    where ${rollupCondition(s)} and u.records > 0
    group by grouping sets ((u.domain), (u.day))
    order by by_day, case when grouping(u.domain) = 0 then sum(u.messages) end desc nulls last,
      u.domain, u.day`.execute(db);
  const total: Sums = { messages: 0, records: 0, dmarc_passed: 0, dkim_passed: 0, spf_passed: 0 };
  const domains: DomainSums[] = [];
  const days: DayTotals[] = [];
  for (const r of rows) {
    const sums: Sums = {
      messages: Number(r.messages),
      records: Number(r.records),
      dmarc_passed: Number(r.dmarc_passed),
      dkim_passed: Number(r.dkim_passed),
      spf_passed: Number(r.spf_passed),
    };
    if (Number(r.by_day) === 0) {
      domains.push({ domain: String(r.domain), ...sums });
      for (const k of Object.keys(total) as (keyof Sums)[]) total[k] += sums[k];
    } else days.push(dayTotals(String(r.day), sums));
  }
  return { total, domains, days };
}
