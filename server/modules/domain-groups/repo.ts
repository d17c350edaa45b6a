import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { DomainGroupRow } from '../../db/schema';
import type { DomainScope } from '../shared/domain-scope';
import type { DomainGroupResource as GroupResource } from '../../../contract/domains';

function scoped(db: Db, organizationId: number | 'all', search?: string) {
  let q = db.selectFrom('domain_groups');
  if (organizationId !== 'all') q = q.where('organization_id', '=', organizationId);
  if (search) q = q.where(sql`lower(name)`, 'like', `%${search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`);
  return q;
}

export async function countGroups(db: Db, organizationId: number | 'all', search?: string) {
  return (
    await scoped(db, organizationId, search)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;
}

export function listGroups(
  db: Db,
  organizationId: number | 'all',
  search: string | undefined,
  offset: number,
  limit: number,
) {
  return scoped(db, organizationId, search)
    .selectAll()
    .orderBy('name')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findGroup(db: Db, id: number) {
  return db.selectFrom('domain_groups').selectAll().where('id', '=', id).executeTakeFirst();
}

// The group as the caller sees it: a member limited to some domains sees only those among its domains.
export async function groupResourceFor(
  db: Db,
  group: DomainGroupRow,
  scope: DomainScope,
): Promise<GroupResource> {
  let q = db
    .selectFrom('domain_group_domains')
    .innerJoin('domains', (j) =>
      j
        .onRef('domains.organization_id', '=', 'domain_group_domains.organization_id')
        .onRef('domains.id', '=', 'domain_group_domains.domain_id'),
    )
    .select(['domains.id', 'domains.name'])
    .where('domain_group_domains.organization_id', '=', group.organization_id)
    .where('domain_group_domains.group_id', '=', group.id);
  if (scope.onlyIds) q = q.where('domains.id', 'in', scope.onlyIds.length ? scope.onlyIds : [-1]);
  const domains = await q.orderBy('domains.name').execute();
  return {
    type: 'domain_groups',
    id: group.id,
    attributes: {
      name: group.name,
      owner: group.owner_id,
      organization: group.organization_id,
      domains: domains.map((d) => d.name),
    },
    relationships: {
      owner: { data: group.owner_id ? { type: 'users', id: group.owner_id } : null },
      domains: { data: domains.map((d) => ({ type: 'domains', id: d.id })) },
    },
  };
}

export function groupByName(db: Db, organizationId: number, name: string) {
  return db
    .selectFrom('domain_groups')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** A domain of the organization by id or name; undefined when it has none such. */
export function organizationDomain(db: Db, organizationId: number, ref: string) {
  return db
    .selectFrom('domains')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where((eb) => (/^\d+$/.test(ref) ? eb('id', '=', Number(ref)) : eb('name', '=', ref)))
    .executeTakeFirst();
}

export function insertGroup(db: Db, organizationId: number, name: string, ownerId: number) {
  return db
    .insertInto('domain_groups')
    .values({ name, organization_id: organizationId, owner_id: ownerId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateGroupRow(
  db: Db,
  id: number,
  changes: { name?: string; owner_id?: number },
): Promise<void> {
  await db.updateTable('domain_groups').set(changes).where('id', '=', id).execute();
}

export async function deleteGroupRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('domain_groups').where('id', '=', id).execute();
}

export async function addDomains(db: Db, group: { id: number; organization_id: number }, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .insertInto('domain_group_domains')
    .values(
      ids.map((domain_id) => ({ organization_id: group.organization_id, group_id: group.id, domain_id })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Takes domains out of a group ('all': every one). */
export async function removeGroupDomains(
  db: Db,
  group: { id: number; organization_id: number },
  ids: number[] | 'all',
): Promise<void> {
  let q = db
    .deleteFrom('domain_group_domains')
    .where('organization_id', '=', group.organization_id)
    .where('group_id', '=', group.id);
  if (ids !== 'all') q = q.where('domain_id', 'in', ids);
  await q.execute();
}
