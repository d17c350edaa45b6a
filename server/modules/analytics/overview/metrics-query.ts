import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Selection } from '../selection/filter';
import { rollupCondition } from '../selection/where';
import { foldSummaries } from '../summaries/summaries-fold';

// One pass over the per-domain daily summary of the rollups: every figure of the metrics document is a sum of messages (never a count of
// rows), except nr_records (sum of the rollups' record counts) and nr_domains (distinct policy domains).

export type MetricsTotals = {
  nr_domains: number;
  nr_records: number;
  nr_messages: number;
  dkim_passed: number;
  spf_passed: number;
  dmarc_passed: number;
  dkim_and_spf: number;
  dkim_only: number;
  spf_only: number;
  // DMARC failed, but some DKIM or SPF result passed unaligned.
  auth_unaligned: number;
};

type Raw = { [K in keyof MetricsTotals]: string | number | null };

export async function metricsTotals(db: Db, s: Selection): Promise<MetricsTotals> {
  await foldSummaries(db);
  // Read from the daily per-domain summary (migration 0033): at most one row per domain and day instead of
  // every rollup row. Grouped by domain first so nr_domains is a row count, not a count(distinct).
  const { rows } = await sql<Raw>`select
      count(*) as nr_domains,
      sum(g.nr_records) as nr_records,
      sum(g.nr_messages) as nr_messages,
      sum(g.dkim_passed) as dkim_passed,
      sum(g.spf_passed) as spf_passed,
      sum(g.dmarc_passed) as dmarc_passed,
      sum(g.dkim_and_spf) as dkim_and_spf,
      sum(g.dkim_passed) - sum(g.dkim_and_spf) as dkim_only,
      sum(g.spf_passed) - sum(g.dkim_and_spf) as spf_only,
      sum(g.auth_unaligned) as auth_unaligned
    from (select u.domain,
        sum(u.records) as nr_records,
        sum(u.messages) as nr_messages,
        sum(u.dkim_passed) as dkim_passed,
        sum(u.spf_passed) as spf_passed,
        sum(u.dmarc_passed) as dmarc_passed,
        sum(u.dkim_and_spf) as dkim_and_spf,
        sum(u.auth_unaligned) as auth_unaligned
      from analytics_domain_days u
      where ${rollupCondition(s)} and u.records > 0
      group by u.domain) g`.execute(db);
  const raw = rows[0];
  const out = {} as MetricsTotals;
  for (const k of Object.keys(raw) as (keyof MetricsTotals)[]) out[k] = Number(raw[k] ?? 0);
  return out;
}
