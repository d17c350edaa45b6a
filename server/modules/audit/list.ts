import { sql } from 'kysely';
import type { z } from 'zod';
import type { auditQuery, Json } from '../../../contract/audit';
import type { Db } from '../../db/database';
import { forbidden } from '../../lib/errors';
import { type Actor, canViewAudit, isSupport } from '../../lib/permissions';
import { pageLinks, pageMeta, paging } from '../../lib/paging';

export type AuditQuery = z.infer<typeof auditQuery>;

// A bare date as date_to means the whole of that day.
const endOf = (v: string) =>
  v.length === 10 ? new Date(`${v}T00:00:00Z`).getTime() + 86_400_000 : Date.parse(v);

// GET /v2/audit/operations/: the caller's organization (support: every one), newest first.
export async function listOperations(db: Db, actor: Actor, query: AuditQuery, url: string) {
  if (!canViewAudit(actor)) throw forbidden();
  const p = paging(query);
  // Support reads every entry (the view of both tables, migration 0048); anyone else their organization's
  // table (one shard under Citus), read under the view's name: it has the view's columns.
  const own = 'organization_audit_operations as audit_operations' as 'audit_operations';
  let scoped = db.selectFrom(isSupport(actor) ? 'audit_operations' : own);
  if (!isSupport(actor)) scoped = scoped.where('organization_id', '=', actor.organizationId ?? -1);
  const names = await scoped.select('name').distinct().orderBy('name').execute();
  let q = scoped;
  if (query.user) q = q.where('user_id', '=', query.user);
  if (query.operation) q = q.where('name', '=', query.operation);
  if (query.date_from) q = q.where('date', '>=', new Date(Date.parse(query.date_from)));
  if (query.date_to) q = q.where('date', '<', new Date(endOf(query.date_to)));
  const { n } = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .offset(p.offset)
    .limit(p.pageSize)
    .execute();
  return {
    data: rows.map((r) => ({
      type: 'operations' as const,
      id: r.id,
      attributes: {
        name: r.name,
        date: new Date(r.date).toISOString(),
        user: r.user_id,
        request: r.request as Record<string, Json>,
        response: { status: r.response_status },
      },
    })),
    links: pageLinks(url, p, n),
    meta: { ...pageMeta(p, n), operations: names.map((r) => r.name) },
  };
}
