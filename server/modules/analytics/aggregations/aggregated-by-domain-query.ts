import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../../db/database';
import type { Selection } from '../selection/filter';
import { containsPattern, orderBy } from '../../../lib/ordering';
import { distinctForPage } from '../selection/page-distinct';
import { rollupCondition } from '../selection/where';
import { foldSummaries } from '../summaries/summaries-fold';

// Rollups summed per policy domain, one page of them, and how many domains match.

export const domainOrderings = [
  'domain',
  'messages',
  'records',
  'dmarc_passed',
  'dmarc_failed',
  'dkim_passed',
  'spf_passed',
  'sources',
] as const;

export type DomainRow = {
  domain: string;
  messages: number;
  records: number;
  dmarc_passed: number;
  dmarc_failed: number;
  dkim_passed: number;
  spf_passed: number;
  sources: number;
};

type Page = { offset: number; limit: number; search?: string; ordering?: string };

export async function aggregatedByDomain(db: Db, s: Selection, p: Page) {
  await foldSummaries(db);
  const search = p.search ? sql`and u.domain like ${containsPattern(p.search)}` : sql``;
  const order = orderBy(p.ordering, domainOrderings, '-messages');
  const where = sql<SqlBool>`${rollupCondition(s)} ${search}`;
  // Sorting by sources needs them for every domain: counted on the rollups in a second grouping level
  // (domain, IP). Otherwise the sums come from the daily per-domain summary (migration 0033) and sources are
  // counted on the rollups for the page's domains only.
  const bySources = (p.ordering ?? '').replace(/^-/, '') === 'sources';
  const inner = bySources
    ? sql`select x.domain, sum(x.messages) as messages, sum(x.records) as records,
          sum(x.dmarc_passed) as dmarc_passed, sum(x.dmarc_failed) as dmarc_failed,
          sum(x.dkim_passed) as dkim_passed, sum(x.spf_passed) as spf_passed, count(*) as sources
        from (select u.domain, u.source_ip, sum(u.messages) as messages, sum(u.records) as records,
            coalesce(sum(u.messages) filter (where u.dmarc_pass), 0) as dmarc_passed,
            coalesce(sum(u.messages) filter (where not u.dmarc_pass), 0) as dmarc_failed,
            coalesce(sum(u.messages) filter (where u.dkim_aligned), 0) as dkim_passed,
            coalesce(sum(u.messages) filter (where u.spf_aligned), 0) as spf_passed
          from dmarc_rollups u where ${where} group by u.domain, u.source_ip) x
        group by x.domain`
    : sql`select u.domain, sum(u.messages) as messages, sum(u.records) as records,
          sum(u.dmarc_passed) as dmarc_passed, sum(u.messages) - sum(u.dmarc_passed) as dmarc_failed,
          sum(u.dkim_passed) as dkim_passed, sum(u.spf_passed) as spf_passed, 0 as sources
        from analytics_domain_days u where ${where} and u.records > 0
        group by u.domain`;
  const { rows } = await sql<Record<keyof DomainRow | 'total', string | number>>`select *,
      count(*) over () as total
    from (${inner}) g
    order by ${order}, domain
    offset ${p.offset} limit ${p.limit}`.execute(db);
  const count = rows.length > 0 ? Number(rows[0].total) : await countDomains(db, where);
  const sources = bySources
    ? null
    : await distinctForPage(
        db,
        where,
        sql`u.domain`,
        rows.map((r) => String(r.domain)),
        { sources: sql`u.source_ip` },
      );
  const data: DomainRow[] = rows.map((r) => ({
    domain: String(r.domain),
    messages: Number(r.messages),
    records: Number(r.records),
    dmarc_passed: Number(r.dmarc_passed),
    dmarc_failed: Number(r.dmarc_failed),
    dkim_passed: Number(r.dkim_passed),
    spf_passed: Number(r.spf_passed),
    sources: sources ? (sources.get(String(r.domain))?.sources ?? 0) : Number(r.sources),
  }));
  return { count, rows: data };
}

async function countDomains(db: Db, where: ReturnType<typeof sql<SqlBool>>) {
  const { rows } = await sql<{ n: number }>`select count(distinct u.domain)::int as n
    from analytics_domain_days u where ${where} and u.records > 0`.execute(db);
  return rows[0].n;
}
