import type { Job } from '../jobs/job';
import { registeredJobs } from '../jobs/registry';
import { openQueue } from '../jobs/runner';
import { startInboundSources } from '../mail/inbound/start';
import { closeAfterJobs, openRuntime, untilSignal } from './runtime';

// msas worker: only the background jobs, until SIGINT/SIGTERM. Running jobs get JOBS_STOP_TIMEOUT to
// finish; the rest are handed back to the queue for another worker. Tests pass extra jobs.
export async function worker(options: { jobs?: Job[] } = {}): Promise<void> {
  const runtime = await openRuntime();
  const { ctx } = runtime;
  const jobs = options.jobs ?? registeredJobs;
  const queue = await openQueue(ctx, { jobs, work: true });
  const inbound = await startInboundSources(ctx);
  ctx.logger.info({ jobs: jobs.map((j) => j.name) }, 'worker started');
  const signal = await untilSignal();
  ctx.logger.info({ signal }, 'worker stopping');
  await inbound.stop();
  await closeAfterJobs(runtime, await queue.stop());
}
