import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { DomainScope } from '../shared/domain-scope';

export type DomainQuery = DomainScope & { search?: string };

function scoped(db: Db, scope: DomainQuery) {
  let q = db.selectFrom('domains');
  if (scope.organizationId !== 'all') q = q.where('organization_id', '=', scope.organizationId);
  if (scope.onlyIds) q = q.where('id', 'in', scope.onlyIds.length ? scope.onlyIds : [-1]);
  if (scope.search) q = q.where('name', 'like', `%${scope.search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`);
  return q;
}

export async function countDomains(db: Db, scope: DomainQuery): Promise<number> {
  return (
    await scoped(db, scope)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;
}

export function listDomains(db: Db, scope: DomainQuery, offset: number, limit: number) {
  return scoped(db, scope).selectAll().orderBy('name').offset(offset).limit(limit).execute();
}

/** By name, in one organization (a name may be pending in several) or, for support, in any. */
export function findDomainByName(db: Db, name: string, organizationId: number | 'any') {
  let q = db.selectFrom('domains').selectAll().where('name', '=', name);
  if (organizationId !== 'any') q = q.where('organization_id', '=', organizationId);
  return q.orderBy('id').executeTakeFirst();
}

export function findDomainById(db: Db, id: number) {
  return db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function groupIdsByDomain(db: Db, domainIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (domainIds.length === 0) return map;
  const rows = await db
    .selectFrom('domain_group_domains')
    .select(['domain_id', 'group_id'])
    .where('domain_id', 'in', domainIds)
    .orderBy('group_id')
    .execute();
  for (const r of rows) map.set(r.domain_id, [...(map.get(r.domain_id) ?? []), r.group_id]);
  return map;
}

/** Each organization's report address slug (server/mail/report-address.ts). */
export async function reportSlugs(db: Db, organizationIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(organizationIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('organizations')
    .select(['id', 'report_slug'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.report_slug]));
}
