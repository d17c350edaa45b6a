import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { drillCondition, type Drill } from './drill-filter';
import type { Selection } from '../selection/filter';
import { containsPattern, orderBy } from '../../../lib/ordering';
import { reportCondition } from '../selection/where';

// GET /dmarc/aggregate-reports/sender-details/: one sender service or source IP, per reporter and day (the
// report's begin day, UTC), so the UI can join each row to its report by org name and date (spec section 4).

export const detailOrderings = [
  'org_name',
  'date',
  'messages',
  'dkim_passed',
  'spf_passed',
  'dmarc_passed',
] as const;

export type DetailRow = {
  org_name: string;
  date: string;
  messages: number;
  dkim_passed: number;
  spf_passed: number;
  dmarc_passed: number;
};

type Page = { offset: number; limit: number; search?: string; ordering?: string };

export async function senderDetails(db: Db, s: Selection, d: Drill, p: Page) {
  const search = p.search ? sql`and lower(r.org_name) like ${containsPattern(p.search)}` : sql``;
  const order = orderBy(p.ordering, detailOrderings, '-date');
  const day = sql`to_char(r.begin_date at time zone 'UTC', 'YYYY-MM-DD')`;
  const from = sql`from dmarc_records rec
    join dmarc_reports r on r.id = rec.report_id
    left join ip_enrichment e on e.ip = rec.source_ip
    where ${reportCondition(s)} ${drillCondition(d)} ${search}`;
  const { rows: counted } = await sql<{ n: number }>`select count(*)::int as n
    from (select 1 ${from} group by r.org_name, ${day}) k`.execute(db);
  const { rows } = await sql<Record<keyof DetailRow, string | number>>`select * from (
      select r.org_name, ${day} as date,
        sum(rec.count) as messages,
        coalesce(sum(rec.count) filter (where rec.dkim = 'pass'), 0) as dkim_passed,
        coalesce(sum(rec.count) filter (where rec.spf = 'pass'), 0) as spf_passed,
        coalesce(sum(rec.count) filter (where rec.dkim = 'pass' or rec.spf = 'pass'), 0) as dmarc_passed
      ${from}
      group by r.org_name, ${day}
    ) g
    order by ${order}, org_name, date
    offset ${p.offset} limit ${p.limit}`.execute(db);
  const data: DetailRow[] = rows.map((r) => ({
    org_name: String(r.org_name),
    date: String(r.date),
    messages: Number(r.messages),
    dkim_passed: Number(r.dkim_passed),
    spf_passed: Number(r.spf_passed),
    dmarc_passed: Number(r.dmarc_passed),
  }));
  return { count: counted[0].n, rows: data };
}
