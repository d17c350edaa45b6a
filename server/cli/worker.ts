import { createScheduler } from '../jobs/scheduler';
import { registeredJobs } from '../jobs/registry';
import { startInboundSources } from '../mail/inbound/start';
import { openRuntime, untilSignal } from './runtime';

// msas worker: only the background jobs, until SIGINT/SIGTERM (a running job is allowed to finish).
export async function worker(): Promise<void> {
  const { ctx, close } = await openRuntime();
  const scheduler = createScheduler({ db: ctx.db, now: ctx.now, logger: ctx.logger }, registeredJobs);
  scheduler.start();
  const inbound = await startInboundSources(ctx);
  ctx.logger.info({ jobs: registeredJobs.map((j) => j.name) }, 'worker started');
  const signal = await untilSignal();
  ctx.logger.info({ signal }, 'worker stopping');
  await inbound.stop();
  await scheduler.stop();
  await close();
}
