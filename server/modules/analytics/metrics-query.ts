import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Selection } from './filter';
import { rollupCondition } from './where';

// One pass over the rollups: every figure of the metrics document is a sum of messages (never a count of
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
  // Grouped by domain first (a hash aggregate of at most one row per domain), then summed: nr_domains comes
  // out as a row count instead of a count(distinct), which would sort every rollup row.
  const { rows } = await sql<Raw>`select
      count(*) filter (where g.nr_messages is not null) as nr_domains,
      sum(g.nr_records) as nr_records,
      sum(g.nr_messages) as nr_messages,
      sum(g.dkim_passed) as dkim_passed,
      sum(g.spf_passed) as spf_passed,
      sum(g.dmarc_passed) as dmarc_passed,
      sum(g.dkim_and_spf) as dkim_and_spf,
      sum(g.dkim_only) as dkim_only,
      sum(g.spf_only) as spf_only,
      sum(g.auth_unaligned) as auth_unaligned
    from (select u.domain,
        sum(u.records) as nr_records,
        sum(u.messages) as nr_messages,
        sum(u.messages) filter (where u.dkim_aligned) as dkim_passed,
        sum(u.messages) filter (where u.spf_aligned) as spf_passed,
        sum(u.messages) filter (where u.dmarc_pass) as dmarc_passed,
        sum(u.messages) filter (where u.dkim_aligned and u.spf_aligned) as dkim_and_spf,
        sum(u.messages) filter (where u.dkim_aligned and not u.spf_aligned) as dkim_only,
        sum(u.messages) filter (where u.spf_aligned and not u.dkim_aligned) as spf_only,
        sum(u.messages) filter (where not u.dmarc_pass and (u.dkim_auth or u.spf_auth)) as auth_unaligned
      from dmarc_rollups u
      where ${rollupCondition(s)}
      group by u.domain) g`.execute(db);
  const raw = rows[0];
  const out = {} as MetricsTotals;
  for (const k of Object.keys(raw) as (keyof MetricsTotals)[]) out[k] = Number(raw[k] ?? 0);
  return out;
}
