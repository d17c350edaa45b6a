import type { AppContext } from '../../context';
import { queueCounts } from '../../jobs/store';
import { jobQueueDepth, jobQueueFailed, outboxMail, registry, replicaLag } from '../../lib/metrics';
import { outboxCounts } from '../../mail/outbox';

// The gauges that describe shared state (the queue, the outbox, the replica) are read at scrape time, so
// every process answers the same numbers and none keeps a copy up to date.
export async function scrape(ctx: AppContext): Promise<string> {
  const [queues, outbox] = await Promise.all([queueCounts(ctx.db), outboxCounts(ctx.db)]);
  jobQueueDepth.reset();
  jobQueueFailed.reset();
  for (const q of queues) {
    jobQueueDepth.set({ queue: q.name }, q.waiting);
    jobQueueFailed.set({ queue: q.name }, q.failed);
  }
  outboxMail.set({ state: 'waiting' }, outbox.waiting);
  outboxMail.set({ state: 'failed' }, outbox.failed);
  if (ctx.replica) {
    const lag = await ctx.replica.lag();
    replicaLag.set(lag.state === 'error' ? -1 : (lag.seconds ?? 0));
  }
  return registry.metrics();
}
