import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Role, UsersTable } from '../../db/schema';

// Reads and writes of the users area: the user list, a user's row, group and assigned domains
// (user_domains). The rows every area reads (by id, by username) are in shared/users-repo.ts.

/**
 * One page of active users by username: of an organization (undefined: all), of a role, matching a search.
 */
export async function activeUsersPage(
  db: Db,
  filter: { organizationId?: number; role?: Role; search?: string },
  offset: number,
  limit: number,
) {
  let q = db.selectFrom('users').where('is_active', '=', true);
  if (filter.organizationId !== undefined) q = q.where('organization_id', '=', filter.organizationId);
  if (filter.role) q = q.where('role', '=', filter.role);
  if (filter.search) {
    const like = `%${filter.search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(username)`, 'like', like),
        eb(sql`lower(email)`, 'like', like),
        eb(sql`lower(coalesce(name, ''))`, 'like', like),
      ]),
    );
  }
  const { n } = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await q.selectAll().orderBy('username').offset(offset).limit(limit).execute();
  return { n, rows };
}

export async function updateUserRow(db: Db, id: number, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function setUserRole(db: Db, id: number, role: Role): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', id).execute();
}

export async function assignedDomainNames(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_domains')
    .innerJoin('domains', (j) =>
      j
        .onRef('domains.organization_id', '=', 'user_domains.organization_id')
        .onRef('domains.id', '=', 'user_domains.domain_id'),
    )
    .select('domains.name')
    .where('user_domains.user_id', '=', userId)
    .orderBy('domains.name')
    .execute();
  return rows.map((r) => r.name);
}

/** The domains a user is limited to, whole rows. */
export async function assigned(db: Db, userId: number) {
  return db
    .selectFrom('user_domains')
    .innerJoin('domains', (j) =>
      j
        .onRef('domains.organization_id', '=', 'user_domains.organization_id')
        .onRef('domains.id', '=', 'user_domains.domain_id'),
    )
    .selectAll('domains')
    .where('user_domains.user_id', '=', userId)
    .orderBy('domains.name')
    .execute();
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

/** Sets the domains a user is limited to (none: every domain of the organization). */
export async function replaceUserDomains(
  db: Db,
  userId: number,
  organizationId: number | null,
  domainIds: number[],
): Promise<void> {
  await db.deleteFrom('user_domains').where('user_id', '=', userId).execute();
  // Domains were found in the user's organization only: with any found, it is not null.
  if (domainIds.length && organizationId !== null)
    await db
      .insertInto('user_domains')
      .values(domainIds.map((domain_id) => ({ organization_id: organizationId, user_id: userId, domain_id })))
      .execute();
}
