import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { MemberRegistrationsTable } from '../../db/schema';

// Reads and writes of invitations (member_registrations; the token is stored only as its SHA-256) and the
// accounts an invitation looks at. Addresses compare whatever their case.

/** The language of the first active account of an address, if any. */
export function activeAccountLanguage(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select('language')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('is_active', '=', true)
    .orderBy('id')
    .executeTakeFirst();
}

export function inviterOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['email', 'username', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function activeMemberByEmail(db: Db, organizationId: number, email: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('is_active', '=', true)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** An invitation of the address to the organization still waiting at `now`. */
export function pendingInvitation(db: Db, organizationId: number, email: string, now: Date) {
  return db
    .selectFrom('member_registrations')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export function insertInvitation(db: Db, row: Insertable<MemberRegistrationsTable>) {
  return db.insertInto('member_registrations').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findRegistration(db: Db, id: number) {
  return db.selectFrom('member_registrations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A new token and expiry for a resent invitation; the old link stops working. */
export function renewInvitation(db: Db, id: number, tokenHash: string, expiresAt: Date) {
  return db
    .updateTable('member_registrations')
    .set({ token_hash: tokenHash, expires_at: expiresAt, sent_count: sql`sent_count + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The waiting, unexpired invitation of a token's hash. */
export function liveInvitation(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('member_registrations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Spends an invitation once: false when another request accepted it first. */
export async function acceptInvitation(db: Db, id: number, now: Date): Promise<boolean> {
  const spent = await db
    .updateTable('member_registrations')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return spent.numUpdatedRows > 0n;
}
