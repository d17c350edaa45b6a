import { sql } from 'kysely';
import type { Db } from '../../db/database';

// Refresh tokens, recovery codes and login attempts. Every function takes the db or a transaction first.
export async function insertRefreshToken(
  db: Db,
  row: { token_hash: string; family_id: string; user_id: number; expires_at: Date },
): Promise<void> {
  await db.insertInto('refresh_tokens').values(row).execute();
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

// Conditional update: of two concurrent presentations of one token only one wins the rotation.
export async function markRefreshUsed(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function revokeRefreshFamily(db: Db, familyId: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function revokeUserRefreshTokens(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

// Spent tokens are kept for a day after use so a late replay still revokes its family; then purged.
export async function purgeRefreshTokens(db: Db, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const result = await db
    .deleteFrom('refresh_tokens')
    .where((eb) =>
      eb.or([eb('expires_at', '<', now), eb('revoked_at', '<', dayAgo), eb('used_at', '<', dayAgo)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function replaceRecoveryCodes(db: Db, userId: number, hmacs: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (hmacs.length > 0) {
    await db
      .insertInto('recovery_codes')
      .values(hmacs.map((hmac) => ({ user_id: userId, hmac })))
      .execute();
  }
}

export async function spendRecoveryCode(db: Db, userId: number, hmac: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('hmac', '=', hmac)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteRecoveryCodes(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

export async function recordAttempt(db: Db, key: string, now: Date): Promise<void> {
  await db.insertInto('login_attempts').values({ key, attempted_at: now }).execute();
}

export async function attemptsSince(db: Db, key: string, since: Date) {
  return db
    .selectFrom('login_attempts')
    .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`min(attempted_at)`.as('oldest')])
    .where('key', '=', key)
    .where('attempted_at', '>', since)
    .executeTakeFirstOrThrow();
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

export async function clearAttemptsWithPrefix(db: Db, prefix: string): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where(sql`left(key, ${prefix.length})`, '=', prefix)
    .execute();
}

export async function purgeAttempts(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('login_attempts').where('attempted_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
