import type { Db } from '../../db/database';
import { tooManyAttempts, type AppError } from '../../lib/errors';
import { attemptsSince, recordAttempt } from './repo';

// Sliding-window limiter kept in the login_attempts table, so it holds across restarts and across several
// server processes on one PostgreSQL. Failed attempts are counted; a success clears the account's counter.
export const rateWindowSeconds = 15 * 60;

export const limiterKeys = {
  account: (username: string) => `account:${username.trim().toLowerCase()}`,
  ip: (ip: string) => `ip:${ip}`,
  twoFactor: (userId: number) => `2fa:${userId}`,
  contact: (ip: string) => `contact:${ip}`,
};

// Returns the 429 error when the key already has `limit` attempts in the window, else null.
export async function limitExceeded(
  db: Db,
  key: string,
  limit: number,
  now: Date,
  windowSeconds = rateWindowSeconds,
): Promise<AppError | null> {
  const since = new Date(now.getTime() - windowSeconds * 1000);
  const { count, oldest } = await attemptsSince(db, key, since);
  if (count < limit || !oldest) return null;
  const retryAfter = (new Date(oldest).getTime() + windowSeconds * 1000 - now.getTime()) / 1000;
  return tooManyAttempts(retryAfter);
}

export async function firstLimitExceeded(
  db: Db,
  checks: { key: string; limit: number }[],
  now: Date,
): Promise<AppError | null> {
  for (const check of checks) {
    const error = await limitExceeded(db, check.key, check.limit, now);
    if (error) return error;
  }
  return null;
}

export async function recordFailure(db: Db, keys: string[], now: Date): Promise<void> {
  for (const key of keys) await recordAttempt(db, key, now);
}
