import type { Db } from '../../../db/database';
import { AppError } from '../../../lib/errors';
import { limitExceeded, recordFailure } from '../../auth';
import { tooManyRequests } from '../../../../contract/reputation-messages';

// Rate limits of the public and captcha-protected IP calls, kept in the shared attempts table.
export type Limit = { key: string; limit: number; windowSeconds: number };

export const limits = {
  rblPerIp: (ip: string): Limit => ({ key: `rbl:${ip}`, limit: 60, windowSeconds: 15 * 60 }),
  lookupPerIp: (ip: string): Limit => ({ key: `ipverify:${ip}`, limit: 60, windowSeconds: 15 * 60 }),
  delistPerIp: (ip: string): Limit => ({ key: `delist-ip:${ip}`, limit: 5, windowSeconds: 60 * 60 }),
  delistPerTarget: (target: string): Limit => ({
    key: `delist-target:${target}`,
    limit: 3,
    windowSeconds: 24 * 60 * 60,
  }),
};

/** An error body the IP verify page reads: status_message (spec section 8), plus the field when one. */
export function statusError(
  status: number,
  message: string,
  field?: string,
  headers: Record<string, string> = {},
): AppError {
  return new AppError(
    status,
    { status_message: [message], ...(field ? { [field]: [message] } : {}) },
    headers,
  );
}

/** Counts this request against every limit; answers 429 (with Retry-After) when one is already used up. */
export async function spend(db: Db, checks: Limit[], now: Date): Promise<AppError | null> {
  for (const check of checks) {
    const error = await limitExceeded(db, check.key, check.limit, now, check.windowSeconds);
    if (error) {
      const seconds = Number(error.headers['retry-after'] ?? '1');
      return statusError(429, tooManyRequests(seconds), undefined, error.headers);
    }
  }
  await recordFailure(
    db,
    checks.map((c) => c.key),
    now,
  );
  return null;
}
