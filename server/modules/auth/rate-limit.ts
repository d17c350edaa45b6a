import type { Db } from '../../db/database';
import { tooManyAttempts, type AppError } from '../../lib/errors';
import { attemptsSince, clearAttempts, clearAttemptsWithPrefix, recordAttempt } from './repo';

// Sliding-window limiter kept in the login_attempts table, so it holds across restarts and across several
// server processes on one PostgreSQL. Failed attempts are counted; a success clears its source's counter.
export const rateWindowSeconds = 15 * 60;
/** The mail limits (invitations, confirmation mails) count over a day; attempts are kept that long. */
export const dayWindowSeconds = 24 * 3600;
export const longestWindowSeconds = dayWindowSeconds;

const name = (username: string) => username.trim().toLowerCase();
// Encoded, so `|` in a username cannot make one account's prefix another's.
const accountSourcePrefix = (username: string) => `account-ip:${encodeURIComponent(name(username))}|`;
export const limiterKeys = {
  // One account, every source: paces failed answers (failureDelayMs), never locks the account.
  account: (username: string) => `account:${name(username)}`,
  // One account from one source: limited, so one attacker cannot keep guessing, nor lock out the owner.
  accountSource: (username: string, ip: string) => `${accountSourcePrefix(username)}${ip}`,
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

export async function failuresInWindow(db: Db, key: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - rateWindowSeconds * 1000);
  return (await attemptsSince(db, key, since)).count;
}

// After a password reset: the account's counters, from every source, start again.
export async function clearAccountAttempts(db: Db, username: string): Promise<void> {
  await clearAttempts(db, limiterKeys.account(username));
  await clearAttemptsWithPrefix(db, accountSourcePrefix(username));
}

// Past `free` failures on one account in the window, from wherever they come, each failed answer waits longer
// (250 ms, doubling up to 4 s): a guesser spread over many sources is slowed, and the owner, whose correct
// password answers at once, is never locked out.
export function failureDelayMs(failures: number, free: number): number {
  if (failures <= free) return 0;
  return Math.min(4000, 250 * 2 ** Math.min(failures - free - 1, 4));
}

// The delay a login decided on, waited out by the route after its transaction (never inside one: on PGlite
// that would hold the only connection).
export type Pace = { delayMs: number };

export async function paced<T>(work: (pace: Pace) => Promise<T>): Promise<T> {
  const pace: Pace = { delayMs: 0 };
  try {
    return await work(pace);
  } finally {
    if (pace.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, pace.delayMs));
  }
}

/**
 * Counts one use against each allowance, or, when one is used up, counts nothing and returns its 429 (with
 * Retry-After: when the oldest use in that window leaves it). For actions that send mail (docs/OPERATIONS.md
 * "Mail budget").
 */
export async function spendAllowance(
  db: Db,
  allowances: { key: string; limit: number; windowSeconds: number }[],
  now: Date,
): Promise<AppError | null> {
  for (const a of allowances) {
    const error = await limitExceeded(db, a.key, a.limit, now, a.windowSeconds);
    if (error) return error;
  }
  await recordFailure(
    db,
    allowances.map((a) => a.key),
    now,
  );
  return null;
}
