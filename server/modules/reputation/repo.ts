import { sql } from 'kysely';
import type { Db } from '../../db/database';

// Queries of the reputation area over the report tables (migration 0010_reports). Reports belong to the
// organization that registered their policy domain; a caller sees only their organization's rows.
// source_ip holds valid addresses as the report wrote them (IPv6 lowercased but not always compressed), so
// addresses are compared and grouped as inet values and shown in PostgreSQL's canonical text (RFC 5952).

const maxDomains = 200;

/** The SPF and DKIM domains this IP sent for in the organization's aggregate reports, sorted. */
export async function relatedDomains(
  db: Db,
  organizationId: number | null,
  ip: string,
): Promise<{ spf: string[]; dkim: string[] }> {
  if (organizationId === null) return { spf: [], dkim: [] };
  // Each record holds its auth results as jsonb arrays (migration 0036_record_auth_results). "C" collation:
  // plain code-point order, the same on PGlite and under any PostgreSQL locale.
  const { rows } = await sql<{ kind: 'spf' | 'dkim'; domain: string }>`
    select distinct a.kind, lower(a.domain) collate "C" as domain
    from dmarc_records r
    join dmarc_reports p on p.id = r.report_id
    cross join lateral (
      select 'spf' as kind, x->>'domain' as domain from jsonb_array_elements(r.spf_results) x
      union all
      select 'dkim', x->>'domain' from jsonb_array_elements(r.dkim_results) x
    ) a
    where p.organization_id = ${organizationId} and r.source_ip::inet = ${ip}::inet and a.domain <> ''
    order by a.kind, domain`.execute(db);
  const of = (kind: 'spf' | 'dkim') =>
    rows.flatMap((r) => (r.kind === kind ? [r.domain] : [])).slice(0, maxDomains);
  return { spf: of('spf'), dkim: of('dkim') };
}

export type SourceIpRow = { ip: string; messages: number; reports: number; last_seen: Date };

/** The source IPs of the organization's reports, most messages first (ties by address), one page. */
export async function sourceIps(
  db: Db,
  organizationId: number | null,
  page: number,
  pageSize: number,
): Promise<{ rows: SourceIpRow[]; total: number }> {
  if (organizationId === null) return { rows: [], total: 0 };
  const rows = await db
    .selectFrom('dmarc_records as r')
    .innerJoin('dmarc_reports as p', 'p.id', 'r.report_id')
    .where('p.organization_id', '=', organizationId)
    .groupBy(sql`r.source_ip::inet`)
    .select([
      sql<string>`host(r.source_ip::inet)`.as('ip'),
      sql<string | number>`sum(r.count)::bigint`.as('messages'),
      sql<number>`count(distinct p.id)::int`.as('reports'),
      sql<Date>`max(p.end_date)`.as('last_seen'),
      sql<string | number>`count(*) over ()`.as('total'),
    ])
    .orderBy('messages', 'desc')
    .orderBy(sql`host(r.source_ip::inet) collate "C"`)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    rows: rows.map((r) => ({
      ip: r.ip,
      messages: Number(r.messages),
      reports: r.reports,
      last_seen: r.last_seen,
    })),
    total: rows.length ? Number(rows[0].total) : 0,
  };
}

export async function insertDelistRequest(
  db: Db,
  row: {
    target: string;
    zone: string;
    category: string;
    requester_ip: string;
    user_id: number | null;
    organization_id: number | null;
    outbox_id: number;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('delist_requests')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
