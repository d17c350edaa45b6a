import { sql } from 'kysely';
import type { Db } from '../../db/database';

// Writes of the account area to users (sign-up, confirmation, password); the one-time tokens are in
// tokens.ts.

export async function setUserOrganization(db: Db, userId: number, organizationId: number): Promise<void> {
  await db.updateTable('users').set({ organization_id: organizationId }).where('id', '=', userId).execute();
}

export function activateUser(db: Db, userId: number) {
  return db
    .updateTable('users')
    .set({ is_active: true })
    .where('id', '=', userId)
    .returning(['username', 'is_active'])
    .executeTakeFirstOrThrow();
}

/** The active accounts of an address, whatever its case (an address may hold several, shared_email). */
export function activeUsersByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('is_active', '=', true)
    .execute();
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}
