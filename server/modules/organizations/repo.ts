import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Role } from '../../db/schema';
import type { DomainScope } from '../shared/domain-scope';

export { createOrganization, findOrganization, findOrganizationByName } from '../shared/organization-rows';

// A case-insensitive substring of the name; LIKE wildcards in the search are taken literally.
const namePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function countOrganizations(
  db: Db,
  onlyId: number | null | 'all',
  search = '',
): Promise<number> {
  let q = db.selectFrom('organizations').select(sql<number>`count(*)::int`.as('n'));
  if (onlyId !== 'all') q = q.where('id', '=', onlyId ?? -1);
  if (search) q = q.where('name', 'ilike', namePattern(search));
  return (await q.executeTakeFirstOrThrow()).n;
}

export function listOrganizations(
  db: Db,
  onlyId: number | null | 'all',
  orderBy: string,
  offset: number,
  limit: number,
  search = '',
) {
  const desc = orderBy.startsWith('-');
  const column = orderBy.replace(/^-/, '') === 'id' ? 'id' : 'name';
  let q = db.selectFrom('organizations').selectAll();
  if (onlyId !== 'all') q = q.where('id', '=', onlyId ?? -1);
  if (search) q = q.where('name', 'ilike', namePattern(search));
  return q
    .orderBy(column, desc ? 'desc' : 'asc')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

// Active members plus pending, unexpired invitations: both count against organization_members_limit.
export async function countSeats(db: Db, organizationId: number, now: Date): Promise<number> {
  const users = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('organization_id', '=', organizationId)
    .where('is_active', '=', true)
    .executeTakeFirstOrThrow();
  const invites = await db
    .selectFrom('member_registrations')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('organization_id', '=', organizationId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return users.n + invites.n;
}

// Ids of the organization's members, open invitations, groups and the domains the reader may see.
export async function relationshipIds(db: Db, organizationId: number, now: Date, visible: DomainScope) {
  const [members, registrations, groups, domains] = await Promise.all([
    db
      .selectFrom('users')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('is_active', '=', true)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('member_registrations')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('domain_groups')
      .select('id')
      .where('organization_id', '=', organizationId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('domains')
      .select('id')
      .where('organization_id', '=', organizationId)
      .$if(visible.onlyIds !== null, (q) => q.where('id', 'in', [-1, ...(visible.onlyIds ?? [])]))
      .orderBy('id')
      .execute(),
  ]);
  return {
    members: members.map((r) => r.id),
    registrations: registrations.map((r) => r.id),
    groups: groups.map((r) => r.id),
    domains: domains.map((r) => r.id),
  };
}

export function activeMembers(db: Db, organizationId: number) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
}

/** Puts an account in an organization with a role, or (null) out of any. */
export async function setMembership(
  db: Db,
  userId: number,
  organizationId: number | null,
  role: Role,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ organization_id: organizationId, role })
    .where('id', '=', userId)
    .execute();
}

export async function setUserRole(db: Db, userId: number, role: Role): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
}

/** The domains a member was limited to go with the membership. */
export async function removeUserDomains(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('user_domains').where('user_id', '=', userId).execute();
}

export async function renameOrganization(db: Db, id: number, name: string): Promise<void> {
  await db.updateTable('organizations').set({ name }).where('id', '=', id).execute();
}

/** The organization's accounts (not support's) stay, without an organization, as members. */
export async function detachMembers(db: Db, organizationId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ organization_id: null, role: 'member' })
    .where('organization_id', '=', organizationId)
    .where('is_support', '=', false)
    .execute();
}

export async function deleteOrganizationRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('organizations').where('id', '=', id).execute();
}

/** The current owner (or self-registered client) becomes an admin, before another account takes over. */
export async function demoteOwners(db: Db, organizationId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: 'admin' })
    .where('organization_id', '=', organizationId)
    .where('role', 'in', ['owner', 'client'])
    .execute();
}

export async function setOrganizationOwner(db: Db, id: number, ownerId: number): Promise<void> {
  await db.updateTable('organizations').set({ owner_id: ownerId }).where('id', '=', id).execute();
}
