import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { Selection } from './filter';
import { containsPattern, orderBy } from './ordering';
import { distinctForPage } from './page-distinct';
import { rollupCondition } from './where';

// Rollups summed per sender service (the email sender of the source IP, else its PTR base domain; "Unknown"
// when enrichment knows neither), with the catalogue entry of that name when there is one (for its logo).

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
  const service = sql`coalesce(u.sender_service, ${unknownSender})`;
  const search = p.search ? sql`and lower(${service}) like ${containsPattern(p.search)}` : sql``;
  const order = orderBy(p.ordering, senderOrderings, '-messages');
  const where = sql<SqlBool>`${rollupCondition(s)} ${search}`;
  // IPs and domains are counted for the page's senders only, unless the caller sorts by them.
  const byDistinct = ['ips', 'domains'].includes((p.ordering ?? '').replace(/^-/, ''));
  const distinct = byDistinct
    ? sql`count(distinct u.source_ip) as ips, count(distinct u.domain) as domains`
    : sql`0 as ips, 0 as domains`;
  const { rows } = await sql<Record<keyof SenderServiceRow | 'total', string | number | null>>`select *,
      count(*) over () as total
    from (
      select g.*, e.id as email_sender_id, e.logo_mime, e.logo_version,
        case when g.messages = 0 then 0 else round(g.dmarc_passed * 100.0 / g.messages, 2) end
          as dmarc_passed_percentage
      from (
        select ${service} as sender_service,
          sum(u.messages) as messages,
          coalesce(sum(u.messages) filter (where u.dkim_aligned), 0) as dkim_passed,
          coalesce(sum(u.messages) filter (where u.spf_aligned), 0) as spf_passed,
          coalesce(sum(u.messages) filter (where u.dmarc_pass), 0) as dmarc_passed,
          ${distinct}
        from dmarc_rollups u
        where ${where}
        group by 1
      ) g
      left join email_senders e on lower(e.name) = lower(g.sender_service)
    ) x
    order by ${order}, sender_service
    offset ${p.offset} limit ${p.limit}`.execute(db);
  const names = rows.map((r) => String(r.sender_service));
  const counts = byDistinct
    ? null
    : await distinctForPage(
        db,
        where,
        service,
        names,
        { ips: sql`u.source_ip`, domains: sql`u.domain` },
        sql<SqlBool>`(u.sender_service = any(${names}::text[])
          or (u.sender_service is null and ${names.includes(unknownSender)}))`,
      );
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
  const count = rows.length > 0 ? num(rows[0].total) : await countSenders(db, service, where);
  return { count, rows: data };
}

async function countSenders(db: Db, service: RawBuilder<unknown>, where: RawBuilder<SqlBool>) {
  const { rows } = await sql<{ n: number }>`select count(distinct ${service})::int as n
    from dmarc_rollups u where ${where}`.execute(db);
  return rows[0].n;
}
