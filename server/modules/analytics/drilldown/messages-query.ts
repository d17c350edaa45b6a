import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { drillCondition, type Drill } from './drill-filter';
import type { Selection } from '../selection/filter';
import { containsPattern, orderBy } from '../../../lib/ordering';
import { reportCondition } from '../selection/where';

// GET /dmarc/aggregate-reports/messages/: the report records under the filter, grouped by source IP, header
// From, disposition and the policy-evaluated DKIM and SPF results; message counts summed, records and
// distinct reports counted. A message passes DMARC when DKIM or SPF passes (RFC 7489 section 6.6.2).

export const messageOrderings = [
  'source_ip',
  'header_from',
  'envelope_from',
  'disposition',
  'dkim',
  'spf',
  'messages',
  'records',
  'reports',
] as const;

export type MessageRow = {
  source_ip: string;
  reverse_dns: string | null;
  header_from: string;
  envelope_from: string | null;
  disposition: string;
  dkim: string;
  spf: string;
  dmarc_pass: boolean;
  messages: number;
  records: number;
  reports: number;
};

type Page = { offset: number; limit: number; search?: string; ordering?: string };

export async function messageRows(db: Db, s: Selection, d: Drill, p: Page) {
  const like = p.search ? containsPattern(p.search) : null;
  const search = like
    ? sql`and (rec.source_ip like ${like} or lower(rec.header_from) like ${like}
        or lower(coalesce(rec.envelope_from, '')) like ${like})`
    : sql``;
  const order = orderBy(p.ordering, messageOrderings, '-messages');
  const from = sql`from dmarc_records rec
    join dmarc_reports r on r.id = rec.report_id
    left join ip_enrichment e on e.ip = rec.source_ip
    where ${reportCondition(s)} ${drillCondition(d)} ${search}`;
  const key = sql`rec.source_ip, lower(rec.header_from), rec.disposition, rec.dkim, rec.spf`;
  const { rows: counted } = await sql<{ n: number }>`select count(*)::int as n
    from (select 1 ${from} group by ${key}) k`.execute(db);
  const { rows } = await sql<Record<keyof MessageRow, string | number | boolean | null>>`select * from (
      select rec.source_ip, max(e.ptr) as reverse_dns, lower(rec.header_from) as header_from,
        min(rec.envelope_from) as envelope_from, rec.disposition, rec.dkim, rec.spf,
        (rec.dkim = 'pass' or rec.spf = 'pass') as dmarc_pass,
        sum(rec.count) as messages, count(*) as records, count(distinct rec.report_id) as reports
      ${from}
      group by ${key}
    ) g
    order by ${order}, source_ip, header_from, disposition, dkim, spf
    offset ${p.offset} limit ${p.limit}`.execute(db);
  const text = (v: unknown) => (v === null ? null : String(v));
  const data: MessageRow[] = rows.map((r) => ({
    source_ip: String(r.source_ip),
    reverse_dns: text(r.reverse_dns),
    header_from: String(r.header_from),
    envelope_from: text(r.envelope_from),
    disposition: String(r.disposition),
    dkim: String(r.dkim),
    spf: String(r.spf),
    dmarc_pass: r.dmarc_pass === true || r.dmarc_pass === 't',
    messages: Number(r.messages),
    records: Number(r.records),
    reports: Number(r.reports),
  }));
  return { count: counted[0].n, rows: data };
}
