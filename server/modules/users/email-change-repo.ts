import type { Db } from '../../db/database';
import { sha256Hex } from '../../lib/crypto';

// Pending address changes (migration 0041): the token is stored only as its SHA-256.
export type PendingEmailChange = { email: string; expires_at: string };

export async function insertEmailChange(
  db: Db,
  change: { userId: number; email: string; token: string; passwordHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('email_changes')
    .values({
      user_id: change.userId,
      new_email: change.email,
      token_hash: sha256Hex(change.token),
      password_fingerprint: passwordFingerprint(change.passwordHash),
      expires_at: change.expiresAt,
    })
    .execute();
}

// Ties a request to the password of the moment without keeping a second copy of the hash.
export const passwordFingerprint = (passwordHash: string) => sha256Hex(`email-change:${passwordHash}`);

export function findLiveEmailChange(db: Db, token: string, now: Date) {
  return db
    .selectFrom('email_changes')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token.trim()))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

// The user's live request, if any (one at a time: a new request or a cancel spends the older ones).
export async function pendingEmailChange(
  db: Db,
  userId: number,
  now: Date,
): Promise<PendingEmailChange | null> {
  const row = await db
    .selectFrom('email_changes')
    .select(['new_email', 'expires_at'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? { email: row.new_email, expires_at: new Date(row.expires_at).toISOString() } : null;
}

export async function spendEmailChange(db: Db, id: number, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('email_changes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function spendUserEmailChanges(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
