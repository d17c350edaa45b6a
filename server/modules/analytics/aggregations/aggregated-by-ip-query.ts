import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Selection } from '../selection/filter';
import { containsPattern, orderBy } from '../../../lib/ordering';
import { ipSums, spanSenders } from '../summaries/ip-spans-query';
import { distinctForPage } from '../selection/page-distinct';
import { rollupCondition } from '../selection/where';
import { foldSummaries } from '../summaries/summaries-fold';

// Rollups summed per source IP, with its reverse DNS and sender service when enrichment knows them. Search
// matches the IP, the reverse DNS name or the sender service.

export const ipOrderings = [
  'source_ip',
  'messages',
  'records',
  'dmarc_passed',
  'dmarc_failed',
  'dkim_passed',
  'spf_passed',
  'domains',
  'reverse_dns',
  'sender_service',
] as const;

export type IpRow = {
  source_ip: string;
  reverse_dns: string | null;
  sender_service: string | null;
  messages: number;
  records: number;
  dmarc_passed: number;
  dmarc_failed: number;
  dkim_passed: number;
  spf_passed: number;
  domains: number;
};

type Page = {
  offset: number;
  limit: number;
  search?: string;
  ordering?: string;
  /** false: the page's domains per IP are not counted (left 0), for a caller that does not show them. */
  countDomains?: boolean;
};

/**
 * A plain listing: sums per IP alone (from the dyadic IP spans of migration 0033 when no domain filter
 * applies, else from the rollups), then enrichment and domains for the page's IPs only.
 */
export async function aggregatedByIp(db: Db, s: Selection, p: Page) {
  await foldSummaries(db);
  const field = (p.ordering ?? '').replace(/^-/, '');
  if (p.search || ['reverse_dns', 'sender_service', 'domains'].includes(field)) return joinedByIp(db, s, p);
  const order = orderBy(p.ordering, ipOrderings, '-messages');
  const where = rollupCondition(s);
  const fromSpans = s.domains === null;
  // From the spans the page is ordered by its one sum; the other sums are read for the page's IPs only (a
  // hash aggregate of every IP of the window with one sum instead of six).
  const sums = fromSpans
    ? ipSums(s, { only: [field || 'messages'] })
    : sql`select u.source_ip, max(u.sender_service) as sender_service,
        sum(u.messages) as messages, sum(u.records) as records,
        coalesce(sum(u.messages) filter (where u.dmarc_pass), 0) as dmarc_passed,
        coalesce(sum(u.messages) filter (where not u.dmarc_pass), 0) as dmarc_failed,
        coalesce(sum(u.messages) filter (where u.dkim_aligned), 0) as dkim_passed,
        coalesce(sum(u.messages) filter (where u.spf_aligned), 0) as spf_passed
      from dmarc_rollups u where ${where}
      group by u.source_ip`;
  const page = sql<Record<string, string | number | null>>`select *, count(*) over () as total
    from (${sums}) g
    order by ${order}, source_ip
    offset ${p.offset} limit ${p.limit}`;
  // Tens of thousands of IP groups overflow the default 4 MB work_mem and the hash aggregate spills to disk
  // (seen in EXPLAIN ANALYZE): a larger work_mem for this one statement.
  const withMemory = async (trx: Db) => {
    await sql`set local work_mem = '64MB'`.execute(trx);
    return page.execute(trx);
  };
  const { rows } = !fromSpans
    ? await page.execute(db)
    : db.isTransaction
      ? await withMemory(db)
      : await db.transaction().execute(withMemory);
  if (rows.length === 0) return joinedByIp(db, s, p);
  const ips = rows.map((r) => String(r.source_ip));
  const sumsOf = fromSpans ? await pageSums(db, s, ips) : new Map(rows.map((r) => [String(r.source_ip), r]));
  const senders = fromSpans
    ? await spanSenders(db, s, ips)
    : new Map(
        rows.map((r) => [String(r.source_ip), r.sender_service === null ? null : String(r.sender_service)]),
      );
  const domains =
    p.countDomains === false
      ? new Map<string, Record<string, number>>()
      : await distinctForPage(db, where, sql`u.source_ip`, ips, { domains: sql`u.domain` });
  const enriched = await db
    .selectFrom('ip_enrichment')
    .select(['ip', 'ptr', 'sender_service'])
    .where(sql<boolean>`ip = any(${ips}::text[])`)
    .execute();
  const byIp = new Map(enriched.map((e) => [e.ip, e]));
  const data: IpRow[] = rows.map((r) => {
    const ip = String(r.source_ip);
    const e = byIp.get(ip);
    const sum = sumsOf.get(ip) ?? {};
    return {
      source_ip: ip,
      reverse_dns: e?.ptr ?? null,
      sender_service: senders.get(ip) ?? e?.sender_service ?? null,
      messages: Number(sum.messages ?? 0),
      records: Number(sum.records ?? 0),
      dmarc_passed: Number(sum.dmarc_passed ?? 0),
      dmarc_failed: Number(sum.dmarc_failed ?? 0),
      dkim_passed: Number(sum.dkim_passed ?? 0),
      spf_passed: Number(sum.spf_passed ?? 0),
      domains: domains.get(ip)?.domains ?? 0,
    };
  });
  return { count: Number(rows[0].total), rows: data };
}

async function pageSums(db: Db, s: Selection, ips: string[]) {
  const { rows } = await sql<Record<string, string | number | null>>`${ipSums(s, { ips })}`.execute(db);
  return new Map(rows.map((r) => [String(r.source_ip), r]));
}

/** Searching or sorting by enrichment or by domains: joined and counted for every IP. */
async function joinedByIp(db: Db, s: Selection, p: Page) {
  const like = p.search ? containsPattern(p.search) : null;
  const search = like
    ? sql`and (u.source_ip like ${like} or lower(coalesce(e.ptr, '')) like ${like}
        or lower(coalesce(u.sender_service, e.sender_service, '')) like ${like})`
    : sql``;
  const order = orderBy(p.ordering, ipOrderings, '-messages');
  const from = sql`from dmarc_rollups u left join ip_enrichment e on e.ip = u.source_ip
    where ${rollupCondition(s)} ${search}`;
  const { rows: counted } = await sql<{
    n: number;
  }>`select count(distinct u.source_ip)::int as n ${from}`.execute(db);
  const { rows } = await sql<Record<keyof IpRow, string | number | null>>`select * from (
      select u.source_ip,
        max(e.ptr) as reverse_dns,
        coalesce(max(u.sender_service), max(e.sender_service)) as sender_service,
        sum(u.messages) as messages,
        sum(u.records) as records,
        coalesce(sum(u.messages) filter (where u.dmarc_pass), 0) as dmarc_passed,
        coalesce(sum(u.messages) filter (where not u.dmarc_pass), 0) as dmarc_failed,
        coalesce(sum(u.messages) filter (where u.dkim_aligned), 0) as dkim_passed,
        coalesce(sum(u.messages) filter (where u.spf_aligned), 0) as spf_passed,
        count(distinct u.domain) as domains
      ${from}
      group by u.source_ip
    ) g
    order by ${order}, source_ip
    offset ${p.offset} limit ${p.limit}`.execute(db);
  const data: IpRow[] = rows.map((r) => ({
    source_ip: String(r.source_ip),
    reverse_dns: r.reverse_dns === null ? null : String(r.reverse_dns),
    sender_service: r.sender_service === null ? null : String(r.sender_service),
    messages: Number(r.messages),
    records: Number(r.records),
    dmarc_passed: Number(r.dmarc_passed),
    dmarc_failed: Number(r.dmarc_failed),
    dkim_passed: Number(r.dkim_passed),
    spf_passed: Number(r.spf_passed),
    domains: Number(r.domains),
  }));
  return { count: counted[0].n, rows: data };
}
