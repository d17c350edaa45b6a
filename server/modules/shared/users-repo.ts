import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Language, LayoutTheme, NewUser } from '../../db/schema';
import { guardAddressClash } from './addresses';

// Usernames compare case-insensitively (they are usually email addresses).
export function findUserByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The caller of an authenticated request with its organization's stored subscription_status, in one query. */
export function findSessionUser(db: Db, id: number) {
  return db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .selectAll('users')
    .select([
      'organizations.subscription_status as organization_status',
      'organizations.self_registered as organization_self_registered',
      'organizations.created_at as organization_created_at',
    ])
    .where('users.id', '=', id)
    .executeTakeFirst();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

// An address or username already taken answers a 400 on that field (addresses.ts), whichever path creates it.
export function insertUser(db: Db, user: NewUser) {
  return guardAddressClash(() =>
    db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow(),
  );
}

export async function updateUserSettings(
  db: Db,
  id: number,
  changes: { layout_theme?: LayoutTheme; language?: Language },
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function recordLogin(db: Db, id: number, now: Date, totpStep?: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login: now, ...(totpStep !== undefined ? { totp_last_step: totpStep } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function setTotpState(
  db: Db,
  id: number,
  state: { totp_secret_enc: string | null; totp_enabled: boolean; totp_last_step: number | null },
): Promise<void> {
  await db.updateTable('users').set(state).where('id', '=', id).execute();
}

export async function setTotpLastStep(db: Db, id: number, step: number): Promise<void> {
  await db.updateTable('users').set({ totp_last_step: step }).where('id', '=', id).execute();
}
