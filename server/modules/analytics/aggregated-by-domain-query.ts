import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Selection } from './filter';
import { containsPattern, orderBy } from './ordering';
import { rollupCondition } from './where';

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
  const search = p.search ? sql`and u.domain like ${containsPattern(p.search)}` : sql``;
  const order = orderBy(p.ordering, domainOrderings, '-messages');
  const { rows: counted } = await sql<{ n: number }>`select count(distinct u.domain)::int as n
    from dmarc_rollups u where ${rollupCondition(s)} ${search}`.execute(db);
  const { rows } = await sql<Record<keyof DomainRow, string | number>>`select * from (
      select u.domain,
        sum(u.messages) as messages,
        sum(u.records) as records,
        coalesce(sum(u.messages) filter (where u.dmarc_pass), 0) as dmarc_passed,
        coalesce(sum(u.messages) filter (where not u.dmarc_pass), 0) as dmarc_failed,
        coalesce(sum(u.messages) filter (where u.dkim_aligned), 0) as dkim_passed,
        coalesce(sum(u.messages) filter (where u.spf_aligned), 0) as spf_passed,
        count(distinct u.source_ip) as sources
      from dmarc_rollups u
      where ${rollupCondition(s)} ${search}
      group by u.domain
    ) g
    order by ${order}, domain
    offset ${p.offset} limit ${p.limit}`.execute(db);
  const data: DomainRow[] = rows.map((r) => ({
    domain: String(r.domain),
    messages: Number(r.messages),
    records: Number(r.records),
    dmarc_passed: Number(r.dmarc_passed),
    dmarc_failed: Number(r.dmarc_failed),
    dkim_passed: Number(r.dkim_passed),
    spf_passed: Number(r.spf_passed),
    sources: Number(r.sources),
  }));
  return { count: counted[0].n, rows: data };
}
