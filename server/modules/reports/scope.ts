import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { Actor } from '../../lib/permissions';
import { scopeFor } from '../shared/domain-scope';

// Which reports a caller may read: their organization's (support: all, or the one asked for); a member
// limited to some domains (PATCH /users/{id}/domains/) sees only reports for those domains.

export type ReportScope = { organizationId: number | 'all'; domains: string[] | null };

export async function reportScope(db: Db, actor: Actor, organization?: number): Promise<ReportScope> {
  const s = await scopeFor(db, actor, organization);
  if (s.onlyIds === null) return { organizationId: s.organizationId, domains: null };
  const names =
    s.onlyIds.length === 0
      ? []
      : (await db.selectFrom('domains').select('name').where('id', 'in', s.onlyIds).execute()).map(
          (r) => r.name,
        );
  return { organizationId: s.organizationId, domains: names };
}

/** A where-condition on a report table aliased `r` (never matches unattached reports). */
export function scopeCondition(scope: ReportScope): Expression<SqlBool> {
  const org =
    scope.organizationId === 'all'
      ? sql<SqlBool>`r.organization_id is not null`
      : sql<SqlBool>`r.organization_id = ${scope.organizationId}`;
  if (scope.domains === null) return org;
  if (scope.domains.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`${org} and r.domain = any(${scope.domains}::text[])`;
}
