import type { AppContext } from '../../context';
import { queueCounts } from '../../jobs/store';
import { jobQueueDepth, jobQueueFailed, outboxMail, registry, replicaLag } from '../../lib/metrics';
import { outboxCounts } from '../../mail/outbox';

// The gauges that describe shared state (the queue, the outbox, the replica) are read at scrape time, so
// every process answers the same numbers and none keeps a copy up to date. One that cannot be read (the
// database busy or down) is left out of this scrape, logged, and the rest is answered: Prometheus then
// sees the gap.

export async function scrape(ctx: AppContext): Promise<string> {
  const readings: [string, () => Promise<void>][] = [
    [
      'job queue',
      async () => {
        const rows = await queueCounts(ctx.db);
        jobQueueDepth.reset();
        jobQueueFailed.reset();
        for (const q of rows) {
          jobQueueDepth.set({ queue: q.name }, q.waiting);
          jobQueueFailed.set({ queue: q.name }, q.failed);
        }
      },
    ],
    [
      'outbox',
      async () => {
        const outbox = await outboxCounts(ctx.db);
        outboxMail.set({ state: 'waiting' }, outbox.waiting);
        outboxMail.set({ state: 'failed' }, outbox.failed);
      },
    ],
    [
      'replica',
      async () => {
        if (!ctx.replica) return;
        const lag = await ctx.replica.lag();
        replicaLag.set(lag.state === 'error' ? -1 : (lag.seconds ?? 0));
      },
    ],
  ];
  // One after another: on PGlite they share one connection anyway.
  for (const [what, read] of readings) {
    try {
      await read();
    } catch (err) {
      ctx.logger.error({ err, what }, 'metrics: reading a gauge failed');
    }
  }
  return registry.metrics();
}
