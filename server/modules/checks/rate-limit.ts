import type { Db } from '../../db/database';
import { limitExceeded, recordFailure } from '../auth';

// Each /checks request counts against its client IP: CHECKS_RATE_LIMIT per minute, kept in the shared
// attempts table (the login limiter's), so the limit holds across processes.
const WINDOW_SECONDS = 60;

export async function spendCheck(db: Db, ip: string, limit: number, now: Date) {
  const key = `checks:${ip}`;
  const exceeded = await limitExceeded(db, key, limit, now, WINDOW_SECONDS);
  if (exceeded) return exceeded;
  await recordFailure(db, [key], now);
  return null;
}
