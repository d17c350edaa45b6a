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

export function insertDomain(db: Db, organizationId: number, name: string) {
  return db
    .insertInto('domains')
    .values({ name, organization_id: organizationId, verified_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new name is a new claim: the proof of the old one is cleared with it. */
export function renameDomainRow(db: Db, id: number, name: string) {
  return db
    .updateTable('domains')
    .set({
      name,
      verified_at: null,
      verification_method: null,
      verification_proved_at: null,
      verification_checked_at: null,
      verification_problem: null,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteDomainRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('domains').where('id', '=', id).execute();
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

export type DueDomain = { id: number; name: string; token: string; slug: string };

export async function dueDomain(db: Db, id: number): Promise<DueDomain | undefined> {
  return db
    .selectFrom('domains as d')
    .innerJoin('organizations as o', 'o.id', 'd.organization_id')
    .select(['d.id', 'd.name', 'd.verification_token as token', 'o.report_slug as slug'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}
