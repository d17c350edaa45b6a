import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { AppError, fieldError } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import { firstLimitExceeded, recordFailure } from '../auth';

// A change of the account's address or login name needs the password, not only an access token: a stolen
// 15-minute token must not turn into the account itself. Wrong guesses count per account like the other
// password forms (LOGIN_RATE_LIMIT in the rate-limit window). Returns the error to answer, or null.
export async function checkCurrentPassword(
  ctx: AppContext,
  db: Db,
  user: UserRow,
  password: string | undefined,
): Promise<AppError | null> {
  if (!password) return fieldError('current_password', 'current_password_required');
  const now = ctx.now();
  const key = `profile-password:${user.id}`;
  const limited = await firstLimitExceeded(db, [{ key, limit: ctx.config.loginRateLimit }], now);
  if (limited) return limited;
  if (await verifyPassword(user.password_hash, password)) return null;
  await recordFailure(db, [key], now);
  return fieldError('current_password', 'current_password_wrong');
}
