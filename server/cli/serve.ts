import { packageFile } from '../lib/server-files';
import { buildIfNeeded } from './build-if-needed';
import { closeAfterJobs, openRuntimeLoading, untilSignal } from './runtime';

// The web server, the jobs and their modules load while the embedded database opens (openRuntimeLoading).
const loadServer = () =>
  Promise.all([
    import('../app'),
    import('../bootstrap'),
    import('../jobs/registry'),
    import('../jobs/runner'),
    import('../mail/inbound/start'),
    import('./accounts'),
    import('../modules/metrics'),
  ]);

export type ServeOptions = { buildIfNeeded: boolean; jobs: boolean; demo?: boolean };

// msas serve: migrate, create the first owner if needed, serve API + SPA, and (unless --no-jobs) run the
// background jobs in the same process. Any number of such processes may share one PostgreSQL.
export async function serve(options: ServeOptions): Promise<void> {
  const [runtime, modules] = await openRuntimeLoading(loadServer);
  const [
    { buildApp },
    { bootstrap },
    { registeredJobs },
    { openQueue },
    { startInboundSources },
    { seedDemo },
    { listenForMetrics },
  ] = modules;
  const { ctx } = runtime;
  if (options.buildIfNeeded) buildIfNeeded(packageFile('.'), ctx.config.staticDir, (l) => console.log(l));
  await bootstrap(ctx.db, ctx.config, (text) => console.log(text));
  // Said once at start as well as beside every address in the console (docs/INGESTION.md).
  if (!ctx.config.reportAddress.receivesMail)
    ctx.logger.warn(
      { domain: ctx.config.reportAddress.domain },
      'report addresses cannot receive mail from the internet: set REPORT_ADDRESS_DOMAIN',
    );
  // npm start -- --demo: the demo organization before the first request (idempotent, like seed --demo).
  if (options.demo) await seedDemo(ctx.db, (text) => console.log(text));
  // Every role opens the queue: an API-only process enqueues too.
  const queue = await openQueue(ctx, { jobs: registeredJobs, work: options.jobs });
  const app = await buildApp(ctx, { queueReady: options.jobs ? queue.ready : undefined });
  await app.listen({ port: ctx.config.port, host: ctx.config.host });
  const inbound = options.jobs ? await startInboundSources(ctx) : null;
  const metrics = await listenForMetrics(ctx);
  const signal = await untilSignal();
  ctx.logger.info({ signal }, 'shutting down');
  // Requests in flight finish first, then running jobs (or they are handed back), then the database.
  await app.close();
  await metrics?.close();
  await inbound?.stop();
  await closeAfterJobs(runtime, await queue.stop());
}
