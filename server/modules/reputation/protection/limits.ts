import type { Db } from '../../../db/database';
import { AppError, type ErrorCode, type ErrorParams, fieldBody, item } from '../../../lib/errors';
import { limitExceeded, recordFailure } from '../../auth';

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
  code: ErrorCode,
  field?: string,
  headers: Record<string, string> = {},
  params?: ErrorParams,
): AppError {
  const said = [item(code, params)];
  return new AppError(
    status,
    fieldBody({ status_message: said, ...(field ? { [field]: said } : {}) }),
    headers,
  );
}

/** Counts this request against every limit; answers 429 (with Retry-After) when one is already used up. */
export async function spend(db: Db, checks: Limit[], now: Date): Promise<AppError | null> {
  for (const check of checks) {
    const error = await limitExceeded(db, check.key, check.limit, now, check.windowSeconds);
    if (error) {
      const seconds = Number(error.headers['retry-after'] ?? '1');
      return statusError(429, 'too_many_requests', undefined, error.headers, { seconds });
    }
  }
  await recordFailure(
    db,
    checks.map((c) => c.key),
    now,
  );
  return null;
}
