import type { Job } from '../jobs/job';
import { registeredJobs } from '../jobs/registry';
import { openQueue } from '../jobs/runner';
import { startInboundSources } from '../mail/inbound/start';
import { listenForHealth } from '../modules/health/worker-listener';
import { listenForMetrics } from '../modules/metrics';
import { closeAfterJobs, openRuntime, untilSignal } from './runtime';

// msas worker: only the background jobs, until SIGINT/SIGTERM. Running jobs get JOBS_STOP_TIMEOUT to
// finish; the rest are handed back to the queue for another worker. Tests pass extra jobs.
export async function worker(options: { jobs?: Job[] } = {}): Promise<void> {
  const runtime = await openRuntime();
  const { ctx } = runtime;
  const jobs = options.jobs ?? registeredJobs;
  const queue = await openQueue(ctx, { jobs, work: true });
  const inbound = await startInboundSources(ctx);
  const health = await listenForHealth(ctx, queue.ready);
  const metrics = await listenForMetrics(ctx);
  ctx.logger.info(
    { jobs: jobs.map((j) => j.name), healthPort: ctx.config.workerHealthPort },
    'worker started',
  );
  const signal = await untilSignal();
  ctx.logger.info({ signal }, 'worker stopping');
  await inbound.stop();
  // /readyz answers 503 from here on (the queue is stopping) until the listener closes.
  const stillRunning = await queue.stop();
  await health?.close();
  await metrics?.close();
  await closeAfterJobs(runtime, stillRunning);
}
