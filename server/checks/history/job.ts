import type { Job } from '../../jobs/job';
import { enqueueMany } from '../../jobs/queue';
import { dueDomains } from './repo';

// The scheduled re-check (docs/OPERATIONS.md) in two queues. `recheck-domains` runs every minute and puts
// one `recheck-domain` job per due domain (not checked for CHECK_INTERVAL_HOURS) on the queue, keyed by
// domain and interval period, so a domain is checked once per period however many planners and workers
// run. Each `recheck-domain` job checks one domain (server/modules/analysis/recheck-job.ts); a worker runs
// RECHECK_CONCURRENCY of them at once (the bench:checks figure).

export const RECHECK_CONCURRENCY = 20;
const POLL_MS = 60_000;
const BATCH = 1000;

export const recheckQueue = 'recheck-domain';

/** One key per domain and CHECK_INTERVAL_HOURS period: the same domain is queued once per period. */
export function recheckKey(domainId: number, at: Date, hours: number): string {
  return `domain:${domainId}:${Math.floor(at.getTime() / (hours * 3_600_000))}`;
}

export function recheckPlanJob(options: { batch?: number } = {}): Job {
  return {
    name: 'recheck-domains',
    intervalMs: POLL_MS,
    run: async ({ db, now, config, logger }) => {
      const hours = config.checkIntervalHours;
      if (hours === 0) return;
      const at = now();
      const due = await dueDomains(db, new Date(at.getTime() - hours * 3_600_000), options.batch ?? BATCH);
      await enqueueMany(
        db,
        recheckQueue,
        due.map((d) => ({ data: { domainId: d.id }, key: recheckKey(d.id, at, hours) })),
      );
      if (due.length) logger.info({ due: due.length }, 're-checks queued');
    },
  };
}
