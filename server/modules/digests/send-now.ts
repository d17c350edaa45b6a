import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { AppError } from '../../lib/errors';
import { spendAllowance } from '../auth';
import type { ScheduleRow } from './repo';

const hour = 3600;

/**
 * "Send now" is counted per report and per organization over an hour (DIGEST_SEND_NOW_LIMIT,
 * DIGEST_SEND_NOW_ORGANIZATION_LIMIT): past either, 429 with Retry-After, the time the oldest send in the
 * window leaves it (docs/OPERATIONS.md "Mail budget": six presses must not send 300 mails in a minute).
 */
export function sendNowAllowance(
  ctx: AppContext,
  db: Db,
  row: ScheduleRow,
  now: Date,
): Promise<AppError | null> {
  const limits = ctx.config.mailLimits;
  return spendAllowance(
    db,
    [
      {
        key: `digest-send:${row.organization_id}:${row.id}`,
        limit: limits.sendNowPerSchedule,
        windowSeconds: hour,
      },
      {
        key: `digest-send-org:${row.organization_id}`,
        limit: limits.sendNowPerOrganization,
        windowSeconds: hour,
      },
    ],
    now,
  );
}
