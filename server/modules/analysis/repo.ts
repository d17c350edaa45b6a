import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { System } from '../../checks/history/systems';
import type { AnalysisScope } from './scope';
import type { TlsSessions } from './summary';

// The analysis list: every domain in scope with its stored result of one system (none yet: unchecked).

function scoped(db: Db, scope: AnalysisScope, system: System) {
  let q = db
    .selectFrom('domains as d')
    .leftJoin('check_results as c', (j) =>
      j
        .onRef('c.organization_id', '=', 'd.organization_id')
        .onRef('c.domain_id', '=', 'd.id')
        .on('c.system', '=', system),
    );
  if (scope.organizationId !== 'all') q = q.where('d.organization_id', '=', scope.organizationId);
  if (scope.ids !== null) q = q.where('d.id', 'in', scope.ids.length ? scope.ids : [-1]);
  if (scope.name) q = q.where('d.name', '=', scope.name);
  if (scope.search) q = q.where('d.name', 'like', `%${scope.search.replace(/[%_\\]/g, '\\$&')}%`);
  return q;
}

export async function countAnalysis(db: Db, scope: AnalysisScope, system: System): Promise<number> {
  const row = await scoped(db, scope, system)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

// status: most serious first; unchecked last.
const statusRank = sql`case c.status when 'fail' then 0 when 'warning' then 1 when 'pass' then 2 else 3 end`;

export function listAnalysis(
  db: Db,
  scope: AnalysisScope,
  system: System,
  ordering: string,
  offset: number,
  limit: number,
) {
  const desc = ordering.startsWith('-');
  const field = ordering.replace(/^-/, '');
  let q = scoped(db, scope, system).select([
    'd.id',
    'd.name',
    'c.status',
    'c.score',
    'c.checked_at',
    'c.warnings',
    'c.result',
  ]);
  if (field === 'score') q = q.orderBy(sql`c.score ${sql.raw(desc ? 'desc' : 'asc')} nulls last`);
  if (field === 'status') q = q.orderBy(sql`${statusRank} ${sql.raw(desc ? 'desc' : 'asc')}`);
  q = q.orderBy('d.name', field === 'domain' && desc ? 'desc' : 'asc').orderBy('d.id');
  return q.offset(offset).limit(limit).execute();
}

/** TLS reports received for these policy domains of the organization in [begin, end] (UTC days). */
export async function tlsSessions(
  db: Db,
  organizationId: number | 'all',
  domains: string[],
  begin: string,
  end: string,
): Promise<Map<string, TlsSessions>> {
  const out = new Map<string, TlsSessions>();
  if (domains.length === 0) return out;
  let q = db
    .selectFrom('tls_reports as r')
    .select([
      'r.domain',
      sql<number>`count(*)::int`.as('reports'),
      sql<string>`coalesce(sum((r.summary->>'successful_sessions')::bigint), 0)`.as('success'),
      sql<string>`coalesce(sum((r.summary->>'failed_sessions')::bigint), 0)`.as('failed'),
    ])
    .where('r.domain', 'in', domains)
    .where('r.begin_date', '<', sql<Date>`(${end}::date + 1)::timestamptz`)
    .where('r.end_date', '>=', sql<Date>`${begin}::date::timestamptz`)
    .groupBy('r.domain');
  q =
    organizationId === 'all'
      ? q.where('r.organization_id', 'is not', null)
      : q.where('r.organization_id', '=', organizationId);
  for (const r of await q.execute())
    out.set(r.domain, { reports: Number(r.reports), success: Number(r.success), failed: Number(r.failed) });
  return out;
}

/** A domain's stored result of one system; undefined while it is unchecked. */
export function storedResult(db: Db, organizationId: number, domainId: number, system: System) {
  return db
    .selectFrom('check_results')
    .select(['status', 'score', 'checked_at', 'warnings', 'result'])
    .where('organization_id', '=', organizationId)
    .where('domain_id', '=', domainId)
    .where('system', '=', system)
    .executeTakeFirst();
}
