import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database';

export type JobContext = { db: Db; now: () => Date; logger: Logger };
export type Job = {
  name: string;
  intervalMs: number;
  run: (ctx: JobContext) => Promise<void>;
  /** false: run without the transaction and its advisory lock (for VACUUM, which cannot run in one). */
  inTransaction?: boolean;
};

export type Scheduler = {
  start: () => void;
  stop: () => Promise<void>;
  runOnce: (name: string) => Promise<boolean>;
};

// Runs each registered job at start and then every intervalMs, never overlapping itself. Each run happens in a
// transaction holding a PostgreSQL advisory lock named after the job, so several workers on one database never
// run the same job at the same time (the loser skips that round). A job with `inTransaction: false` runs on its
// own, without either (VACUUM cannot run in a transaction).
export function createScheduler(ctx: JobContext, jobs: Job[]): Scheduler {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = true;

  const inLockedTransaction = (job: Job) =>
    ctx.db.transaction().execute(async (trx) => {
      const lock = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_xact_lock(hashtext(${`msas.job.${job.name}`})) as locked`.execute(trx);
      if (!lock.rows[0]?.locked) return false;
      await job.run({ ...ctx, db: trx });
      return true;
    });

  async function runJob(job: Job): Promise<boolean> {
    const started = Date.now();
    try {
      const ran =
        job.inTransaction === false ? await job.run(ctx).then(() => true) : await inLockedTransaction(job);
      ctx.logger.info({ job: job.name, ran, ms: Date.now() - started }, 'job finished');
      return ran;
    } catch (error) {
      ctx.logger.error({ job: job.name, err: error }, 'job failed');
      return false;
    }
  }

  function schedule(job: Job, delay: number): void {
    if (stopped) return;
    timers.set(
      job.name,
      setTimeout(() => {
        const run = runJob(job).finally(() => {
          running.delete(run);
          schedule(job, job.intervalMs);
        });
        running.add(run);
      }, delay),
    );
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      for (const job of jobs) schedule(job, 0);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
    async runOnce(name) {
      const job = jobs.find((j) => j.name === name);
      return job ? runJob(job) : false;
    },
  };
}
