import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../../db/database';
import type { Selection } from '../selection/filter';
import { containsPattern, orderBy } from '../../../lib/ordering';
import { spanIpsPerSender } from '../summaries/ip-spans-query';
import { blockDomainsPerSender } from './sender-domains-query';
import { rollupCondition } from '../selection/where';
import { foldSummaries } from '../summaries/summaries-fold';

// Rollups summed per sender service (the email sender of the source IP, else its PTR base domain), with the
// catalogue entry of that name when there is one (for its logo). Spec section 5 lists only messages with a
// sender service: the unattributed ones (enrichment knows neither) are a total of their own, not a row.
// unknownSender names them where a filter or another list still shows them (drill-filter.ts).

export const unknownSender = 'Unknown';

export const senderOrderings = [
  'sender_service',
  'messages',
  'dkim_passed',
  'spf_passed',
  'dmarc_passed',
  'dmarc_passed_percentage',
  'ips',
  'domains',
] as const;

export type SenderServiceRow = {
  sender_service: string;
  email_sender_id: number | null;
  logo_mime: string | null;
  logo_version: number | null;
  messages: number;
  dkim_passed: number;
  spf_passed: number;
  dmarc_passed: number;
  dmarc_passed_percentage: number;
  ips: number;
  domains: number;
};

type Page = { offset: number; limit: number; search?: string; ordering?: string };

export async function aggregatedBySender(db: Db, s: Selection, p: Page) {
  await foldSummaries(db);
  const service = sql`u.sender_service`;
  const searchOn = (expr: RawBuilder<unknown>) =>
    p.search ? sql`and lower(${expr}) like ${containsPattern(p.search)}` : sql``;
  const order = orderBy(p.ordering, senderOrderings, '-messages');
  const where = sql<SqlBool>`${rollupCondition(s)} and u.sender_service <> '' ${searchOn(service)}`;
  // IPs and domains are counted for the page's senders only, unless the caller sorts by them. Without a
  // domain filter and such a sort, the sums come from the daily per-sender summary (migration 0033; '' is
  // the unattributed sender there); otherwise from the rollups.
  const byDistinct = ['ips', 'domains'].includes((p.ordering ?? '').replace(/^-/, ''));
  let grouped: RawBuilder<unknown>;
  if (s.domains === null && !byDistinct) {
    grouped = sql`select u.sender_service, sum(u.messages) as messages,
        sum(u.dkim_passed) as dkim_passed, sum(u.spf_passed) as spf_passed, sum(u.dmarc_passed) as dmarc_passed,
        0 as ips, 0 as domains
      from analytics_sender_days u
      where ${where} and u.records > 0
      group by 1`;
  } else {
    const distinct = byDistinct
      ? sql`count(distinct u.source_ip) as ips, count(distinct u.domain) as domains`
      : sql`0 as ips, 0 as domains`;
    grouped = sql`select ${service} as sender_service,
        sum(u.messages) as messages,
        coalesce(sum(u.messages) filter (where u.dkim_aligned), 0) as dkim_passed,
        coalesce(sum(u.messages) filter (where u.spf_aligned), 0) as spf_passed,
        coalesce(sum(u.messages) filter (where u.dmarc_pass), 0) as dmarc_passed,
        ${distinct}
      from dmarc_rollups u
      where ${where}
      group by 1`;
  }
  const { rows } = await sql<Record<keyof SenderServiceRow | 'total', string | number | null>>`select *,
      count(*) over () as total
    from (
      select g.*, e.id as email_sender_id, e.logo_mime, e.logo_version,
        case when g.messages = 0 then 0 else round(g.dmarc_passed * 100.0 / g.messages, 2) end
          as dmarc_passed_percentage
      from (${grouped}) g
      left join email_senders e on lower(e.name) = lower(g.sender_service)
    ) x
    order by ${order}, sender_service
    offset ${p.offset} limit ${p.limit}`.execute(db);
  const names = rows.map((r) => String(r.sender_service));
  // Distinct domains from the sender-domain blocks (migration 0035); distinct IPs from the IP spans, or from
  // the rollups under a domain filter (the spans have no domain).
  let counts: Map<string, Record<string, number>> | null = null;
  if (!byDistinct) {
    const [domains, ips] = await Promise.all([
      blockDomainsPerSender(db, s, names),
      s.domains === null
        ? spanIpsPerSender(db, s, names)
        : pageCounts(db, where, names, { ips: sql`u.source_ip` }).then(
            (m) => new Map([...m].map(([k, v]) => [k, v.ips ?? 0])),
          ),
    ]);
    counts = new Map(names.map((n) => [n, { ips: ips.get(n) ?? 0, domains: domains.get(n) ?? 0 }]));
  }
  const num = (v: string | number | null) => Number(v ?? 0);
  const data: SenderServiceRow[] = rows.map((r) => ({
    sender_service: String(r.sender_service),
    email_sender_id: r.email_sender_id === null ? null : Number(r.email_sender_id),
    logo_mime: r.logo_mime === null ? null : String(r.logo_mime),
    logo_version: r.logo_version === null ? null : Number(r.logo_version),
    messages: num(r.messages),
    dkim_passed: num(r.dkim_passed),
    spf_passed: num(r.spf_passed),
    dmarc_passed: num(r.dmarc_passed),
    dmarc_passed_percentage: num(r.dmarc_passed_percentage),
    ips: counts ? (counts.get(String(r.sender_service))?.ips ?? 0) : num(r.ips),
    domains: counts ? (counts.get(String(r.sender_service))?.domains ?? 0) : num(r.domains),
  }));
  const [count, unattributed] = await Promise.all([
    rows.length > 0 ? num(rows[0].total) : countSenders(db, service, where),
    unattributedMessages(db, s),
  ]);
  return { count, rows: data, meta: { unattributed_messages: unattributed } };
}

/** Messages under the selection (not the search) whose source has no sender service. */
async function unattributedMessages(db: Db, s: Selection): Promise<number> {
  // The daily per-sender summary keeps them under '' (migration 0033); the rollups, under null.
  const { rows } = await (
    s.domains === null
      ? sql<{ n: string | null }>`select sum(u.messages) as n from analytics_sender_days u
        where ${rollupCondition(s)} and u.sender_service = '' and u.records > 0`
      : sql<{ n: string | null }>`select sum(u.messages) as n from dmarc_rollups u
        where ${rollupCondition(s)} and u.sender_service is null`
  ).execute(db);
  return Number(rows[0]?.n ?? 0);
}

async function countSenders(db: Db, service: RawBuilder<unknown>, where: RawBuilder<SqlBool>) {
  const { rows } = await sql<{ n: number }>`select count(distinct ${service})::int as n
    from dmarc_rollups u where ${where}`.execute(db);
  return rows[0].n;
}

/**
 * Distinct counts for the page's senders by `sender_service = any(...)`: an index-only scan of
 * dmarc_rollups_org_sender_day_idx (which includes domain, migration 0033).
 */
async function pageCounts(
  db: Db,
  where: RawBuilder<SqlBool>,
  names: string[],
  counts: Record<string, RawBuilder<unknown>>,
): Promise<Map<string, Record<string, number>>> {
  const out = new Map<string, Record<string, number>>();
  if (names.length === 0) return out;
  for (const [name, col] of Object.entries(counts)) {
    const { rows } = await sql<{ k: string; n: string | number }>`select k, count(*) as n from (
        select k, v from (
          select u.sender_service as k, ${col} as v from dmarc_rollups u
          where ${where} and u.sender_service = any(${names}::text[])
        ) y group by 1, 2
      ) x group by k`.execute(db);
    for (const r of rows) out.set(String(r.k), { ...out.get(String(r.k)), [name]: Number(r.n) });
  }
  return out;
}
