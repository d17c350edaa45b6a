import type { Db } from '../../db/database';
import { randomToken, sha256Hex } from '../../lib/crypto';

// One-time account tokens (sign-up verification, password reset): 32 random bytes sent once by e-mail,
// stored only as their SHA-256, spent by a conditional update so a token works exactly once.
export const verifyTokenHours = 48;
export const resetTokenHours = 2;

export async function issueAccountToken(
  db: Db,
  userId: number,
  purpose: 'verify' | 'reset',
  now: Date,
): Promise<string> {
  const token = randomToken(32);
  const hours = purpose === 'verify' ? verifyTokenHours : resetTokenHours;
  await db
    .insertInto('account_tokens')
    .values({
      user_id: userId,
      purpose,
      token_hash: sha256Hex(token),
      expires_at: new Date(now.getTime() + hours * 3_600_000),
    })
    .execute();
  return token;
}

export function findLiveToken(db: Db, purpose: 'verify' | 'reset', token: string, now: Date) {
  return db
    .selectFrom('account_tokens')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token.trim()))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function spendToken(db: Db, id: number, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

// A reset or a new verification makes the user's other live tokens of that purpose useless.
export async function spendAllTokens(db: Db, userId: number, purpose: 'verify' | 'reset', now: Date) {
  await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
