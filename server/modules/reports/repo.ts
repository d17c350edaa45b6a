import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { scopeCondition, type ReportScope } from './scope';

// Reads of stored reports, always through the caller's scope.

export type ListQuery = {
  page: number;
  page_size: number;
  domain?: string;
  begin_date?: string;
  end_date?: string;
  search?: string;
};

function filtered(db: Db, scope: ReportScope, q: ListQuery) {
  let query = db.selectFrom('dmarc_reports as r').where(scopeCondition(scope));
  if (q.domain) query = query.where('r.domain', '=', q.domain.toLowerCase());
  if (q.begin_date) query = query.where('r.end_date', '>=', new Date(`${q.begin_date}T00:00:00Z`));
  if (q.end_date)
    query = query.where('r.begin_date', '<', new Date(Date.parse(`${q.end_date}T00:00:00Z`) + 86_400_000));
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('r.org_name', 'ilike', like), eb('r.report_id', 'ilike', like)]));
  }
  return query;
}

export async function aggregateReportsPage(
  db: Db,
  scope: ReportScope,
  q: ListQuery,
  offset: number,
  limit: number,
) {
  const base = filtered(db, scope, q);
  const { n } = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('r')
    .orderBy('r.begin_date', 'desc')
    .orderBy('r.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { n, rows };
}

export function findAggregate(db: Db, scope: ReportScope, id: number) {
  return db
    .selectFrom('dmarc_reports as r')
    .selectAll('r')
    .where(scopeCondition(scope))
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** A page of an aggregate report's records, with what enrichment knows of each source IP. */
export function recordRows(db: Db, reportId: number, day: string, offset: number, limit: number) {
  return (
    db
      .selectFrom('dmarc_records as d')
      .leftJoin('ip_enrichment as e', 'e.ip', 'd.source_ip')
      .selectAll('d')
      .select(['e.ptr', 'e.sender_service'])
      .where('d.report_id', '=', reportId)
      // The report's day: only its month's partition is read (migration 0042).
      .where('d.day', '=', day)
      .orderBy('d.id')
      .offset(offset)
      .limit(limit)
      .execute()
  );
}

/** DKIM signatures seen for a domain name (lowercase, no final dot) and its subdomains, per selector. */
export async function dkimSignatureRows(db: Db, scope: ReportScope, name: string) {
  const { rows } = await sql<{
    domain: string;
    selector: string | null;
    messages: string | number;
    passed: string | number;
    last_seen: Date;
  }>`select k.domain, k.selector, sum(d.count) as messages,
      sum(case when k.result = 'pass' then d.count else 0 end) as passed, max(r.end_date) as last_seen
    from dmarc_reports r
    join dmarc_records d on d.report_id = r.id
    cross join lateral jsonb_to_recordset(d.dkim_results) as k(domain text, selector text, result text)
    where ${scopeCondition(scope)} and (k.domain = ${name} or k.domain like ${`%.${name}`})
    group by k.domain, k.selector
    order by k.domain, k.selector`.execute(db);
  return rows;
}

/** A page of TLS or failure reports; both tables have one shape (OtherReportsTable). */
export async function otherReportsPage(
  db: Db,
  table: 'tls_reports' | 'failure_reports',
  scope: ReportScope,
  domain: string | undefined,
  offset: number,
  limit: number,
) {
  let base = db.selectFrom(`${table} as r` as 'tls_reports as r').where(scopeCondition(scope));
  if (domain) base = base.where('r.domain', '=', domain.toLowerCase());
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('r')
    .orderBy('r.begin_date', 'desc')
    .orderBy('r.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { n, rows };
}

/** The original file of a stored report, by the report's id. */
export function reportFile(
  db: Db,
  table: 'dmarc_reports' | 'tls_reports' | 'failure_reports',
  scope: ReportScope,
  id: number,
) {
  return db
    .selectFrom(`${table} as r` as 'dmarc_reports as r')
    .innerJoin('report_files as f', 'f.id', 'r.file_id')
    .select(['f.name', 'f.content'])
    .where(scopeCondition(scope))
    .where('r.id', '=', id)
    .executeTakeFirst();
}
