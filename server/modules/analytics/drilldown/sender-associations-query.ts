import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Selection } from '../selection/filter';
import { containsPattern, orderBy } from '../../../lib/ordering';
import { rollupCondition } from '../selection/where';

// GET /dmarc/aggregate-reports/sender-associations/?email_sender=: the source IPs attributed to one email
// sender (their rollups carry its name as sender service), with reverse DNS and messages under the filter.

export const associationOrderings = ['ip', 'reverse_dns', 'messages'] as const;

/** The email sender asked for, by id: its name is the sender service its rollups carry. */
export function senderNamed(db: Db, id: number) {
  return db.selectFrom('email_senders').select('name').where('id', '=', id).executeTakeFirst();
}

export type AssociationRow = { id: string; ip: string; reverse_dns: string | null; messages: number };

type Page = { offset: number; limit: number; search?: string; ordering?: string };

export async function senderAssociations(db: Db, s: Selection, senderName: string, p: Page) {
  const like = p.search ? containsPattern(p.search) : null;
  const search = like
    ? sql`and (u.source_ip like ${like} or lower(coalesce(e.ptr, '')) like ${like})`
    : sql``;
  const order = orderBy(p.ordering, associationOrderings, '-messages');
  const from = sql`from dmarc_rollups u left join ip_enrichment e on e.ip = u.source_ip
    where ${rollupCondition(s)} and u.sender_service = ${senderName} ${search}`;
  const { rows: counted } = await sql<{ n: number }>`select count(distinct u.source_ip)::int as n
    ${from}`.execute(db);
  const { rows } = await sql<{ ip: string; reverse_dns: string | null; messages: string | number }>`
    select * from (
      select u.source_ip as ip, max(e.ptr) as reverse_dns, sum(u.messages) as messages
      ${from}
      group by u.source_ip
    ) g
    order by ${order}, ip
    offset ${p.offset} limit ${p.limit}`.execute(db);
  const data: AssociationRow[] = rows.map((r) => ({
    id: r.ip,
    ip: r.ip,
    reverse_dns: r.reverse_dns,
    messages: Number(r.messages),
  }));
  return { count: counted[0].n, rows: data };
}
