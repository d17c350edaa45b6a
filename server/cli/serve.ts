import { buildApp } from '../app';
import { bootstrap } from '../bootstrap';
import { createScheduler } from '../jobs/scheduler';
import { registeredJobs } from '../jobs/registry';
import { startInboundSources } from '../mail/inbound/start';
import { buildIfNeeded } from './build-if-needed';
import { openRuntime, untilSignal } from './runtime';

export type ServeOptions = { buildIfNeeded: boolean; jobs: boolean };

// msas serve: migrate, create the first owner if needed, serve API + SPA, run the jobs in-process.
export async function serve(options: ServeOptions): Promise<void> {
  const { ctx, close } = await openRuntime();
  if (options.buildIfNeeded) buildIfNeeded(process.cwd(), ctx.config.staticDir, (l) => console.log(l));
  await bootstrap(ctx.db, ctx.config, (text) => console.log(text));
  const app = await buildApp(ctx);
  const scheduler = createScheduler({ db: ctx.db, now: ctx.now, logger: ctx.logger }, registeredJobs);
  await app.listen({ port: ctx.config.port, host: ctx.config.host });
  if (options.jobs) scheduler.start();
  const inbound = options.jobs ? await startInboundSources(ctx) : null;
  const signal = await untilSignal();
  ctx.logger.info({ signal }, 'shutting down');
  await inbound?.stop();
  await scheduler.stop();
  await app.close();
  await close();
}
