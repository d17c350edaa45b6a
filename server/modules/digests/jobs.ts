import type { Job } from '../../jobs/job';
import { enqueueMany } from '../../jobs/queue';
import { lastRun, periodFor, type TimeFrame } from './calendar';
import { findSchedule, hasSend, schedulesAfter, type ScheduleRow } from './repo';
import { sendPeriod } from './send';
import { lapsedOrganizations } from '../shared/billing-access';

// Two queues (docs/DIGESTS.md). `plan-digests` runs every minute: for each schedule it finds the latest run
// time that has passed and the period that run reports on, and when no send of that period exists it puts
// one `send-digest` job on the queue keyed by (organization, schedule, period), so the period is queued once
// however many planners run. `send-digest` claims the period in digest_sends (unique) and queues the mail in
// the same transaction: a second worker, or a retry after a crash, finds the claim and sends nothing.

export const sendDigestQueue = 'send-digest';
const BATCH = 500;
/** A run this long after its time is "late": the mail says the server was not running when it was due. */
export const LATE_AFTER_MS = 60 * 60 * 1000;

export const digestJobKey = (row: Pick<ScheduleRow, 'organization_id' | 'id'>, periodKey: string) =>
  `digest:${row.organization_id}:${row.id}:${periodKey}`;

export type DigestJobData = { organizationId: number; scheduleId: number; runDay: string; late: boolean };

export function planDigestsJob(): Job {
  return {
    name: 'plan-digests',
    cron: '* * * * *',
    run: async ({ db, now, logger, config }) => {
      const at = now();
      let after = { organizationId: 0, id: 0 };
      let queued = 0;
      for (;;) {
        const rows = await schedulesAfter(db, after, BATCH);
        if (rows.length === 0) break;
        after = { organizationId: rows[rows.length - 1].organization_id, id: rows[rows.length - 1].id };
        // An organization read-only for billing gets no digests; the latest period due goes once it pays.
        const lapsed = await lapsedOrganizations(
          db,
          rows.map((r) => r.organization_id),
          config.billing?.trialDays,
          at,
        );
        const items = [];
        for (const row of rows) {
          if (lapsed.has(row.organization_id)) continue;
          const run = lastRun(row, at);
          // A schedule reports on periods whose run time came after it was made.
          if (!run || run.at.getTime() < new Date(row.created_at).getTime()) continue;
          const period = periodFor(row.time_frame as TimeFrame, run.day);
          if (await hasSend(db, row.organization_id, row.id, period.key)) continue;
          const data: DigestJobData = {
            organizationId: row.organization_id,
            scheduleId: row.id,
            runDay: run.day,
            late: at.getTime() - run.at.getTime() > LATE_AFTER_MS,
          };
          items.push({ data, key: digestJobKey(row, period.key) });
        }
        await enqueueMany(db, sendDigestQueue, items);
        queued += items.length;
      }
      if (queued) logger.info({ queued }, 'digests queued');
    },
  };
}

export function sendDigestJob(): Job {
  return {
    name: sendDigestQueue,
    // Its own transaction (below), so the mail can leave right after the commit.
    inTransaction: false,
    // On PostgreSQL four digests at once: one's figures are read while another is rendered (measured in
    // docs/PERFORMANCE.md, "Digests"). A batch lasts as long as its slowest lane, so it holds several turns.
    batchSize: 20,
    concurrency: 4,
    run: async (ctx) => {
      const data = ctx.data as DigestJobData;
      const outcome = await ctx.db.transaction().execute(async (trx) => {
        const row = await findSchedule(trx, data.organizationId, data.scheduleId);
        if (!row) return null;
        // Queued before the organization became read-only for billing: not sent (the planner's rule).
        const terms = [ctx.config.billing?.trialDays, ctx.now()] as const;
        if ((await lapsedOrganizations(trx, [row.organization_id], ...terms)).size) return null;
        const period = periodFor(row.time_frame as TimeFrame, data.runDay);
        return sendPeriod(ctx, trx, row, period, data.late ? 'late' : 'scheduled');
      });
      if (outcome) ctx.mailer.deliverLater(ctx.db, outcome.outbox);
    },
  };
}
