import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { bossOver, createBoss, queueSchema } from './boss';
import { handBackDeadWork } from './dead-process';
import { jobHandler, type Handler } from './handle';
import { intervalOf, isPeriodic, type Job } from './job';

// A process's connection to the job queue. Every role installs pg-boss's schema (pg-boss migrates it under
// an advisory lock) and creates a queue per registered job, so an API-only process can enqueue before any
// worker ever ran; processes that run jobs also fetch and run them, fire the cron entries and hand back
// the jobs of workers that died (docs/OPERATIONS.md, "Process roles").

export type Queue = {
  boss: PgBoss;
  /** Runs this job's handler on its queue in this process. */
  work: (job: Job) => Promise<void>;
  /** Enqueues a run of `name` at every minute matching `cron` (UTC), across all processes once. */
  schedule: (name: string, cron: string) => Promise<void>;
  /** The queue's tables answer and this process has not begun stopping. */
  ready: () => Promise<boolean>;
  /** Stops fetching, waits up to JOBS_STOP_TIMEOUT for running jobs, hands back the rest; how many still run. */
  stop: () => Promise<number>;
};

const everyMinute = '* * * * *';

export function queueOptions(job: Job): PgBoss.Queue {
  return {
    name: job.name,
    // A periodic job keeps at most one run waiting and one running, whatever the number of processes.
    policy: isPeriodic(job) ? 'stately' : (job.policy ?? 'standard'),
    retryLimit: job.retryLimit ?? 2,
    retryDelay: job.retryDelaySeconds ?? 10,
    retryBackoff: true,
    expireInSeconds: job.expireInSeconds ?? 900,
  };
}

// pg-boss's create_queue is not safe to run from two processes at once (measured: a deadlock when two
// workers start together on PostgreSQL), so processes take turns, in one transaction under a lock.
async function ensureQueues(db: Db, jobs: Job[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`msas.jobs.queues.${queueSchema()}`}))`.execute(trx);
    const boss = bossOver(trx);
    for (const job of jobs) {
      await boss.createQueue(job.name, queueOptions(job));
      await boss.updateQueue(job.name, queueOptions(job));
    }
  });
}

export async function openQueue(ctx: AppContext, options: { jobs: Job[]; work: boolean }): Promise<Queue> {
  const boss = createBoss(ctx.config, ctx.db, { work: options.work });
  boss.on('error', (err) => ctx.logger.error({ err }, 'job queue error'));
  await boss.start();
  await ensureQueues(ctx.db, options.jobs);
  const handlers: Handler[] = [];
  let stopping = false;

  const queue: Queue = {
    boss,
    async work(job) {
      const handler = jobHandler(boss, ctx, job);
      handlers.push(handler);
      const batchSize = job.batchSize ?? (isPeriodic(job) ? 1 : 20);
      const workOptions = {
        batchSize,
        includeMetadata: true as const,
        pollingIntervalSeconds: ctx.config.jobs.pollSeconds,
      };
      const worker = { id: '' };
      worker.id = await boss.work<object>(job.name, workOptions, async (jobs) => {
        await handler(jobs);
        // A full batch: there is probably more, so fetch again now instead of after the polling interval.
        if (jobs.length === batchSize && worker.id) boss.notifyWorker(worker.id);
      });
    },
    schedule: (name, cron) => boss.schedule(name, cron, {}, { tz: 'UTC' }),
    async ready() {
      if (stopping) return false;
      try {
        return (await boss.schemaVersion()) !== null;
      } catch {
        return false;
      }
    },
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, timeout: ctx.config.jobs.stopTimeoutSeconds * 1000 });
      return handlers.reduce((n, h) => n + h.running(), 0);
    },
  };
  if (options.work) {
    await handBackDeadWork(ctx, boss);
    await startJobs(queue, ctx, options.jobs);
  }
  return queue;
}

async function startJobs(queue: Queue, ctx: AppContext, jobs: Job[]): Promise<void> {
  const periodic = new Set<string>();
  for (const job of jobs) {
    await job.onStart?.(ctx);
    await queue.work(job);
    if (job.cron !== undefined) await queue.schedule(job.name, job.cron);
    else if (intervalOf(job, ctx.config) !== undefined) {
      // The chain (handle.ts) carries an interval job; this entry and this send restart it if it was lost.
      await queue.schedule(job.name, everyMinute);
      await queue.boss.send(job.name, {});
    } else continue;
    periodic.add(job.name);
  }
  // A job dropped from the registry must not keep being enqueued with nobody to run it.
  for (const s of await queue.boss.getSchedules()) {
    if (!periodic.has(s.name)) await queue.boss.unschedule(s.name);
  }
}
