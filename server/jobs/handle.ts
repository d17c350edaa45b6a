import type PgBoss from 'pg-boss';
import pLimit from 'p-limit';
import type { AppContext } from '../context';
import { connectionsOf, type Db } from '../db/database';
import { jobsFailed } from '../lib/metrics';
import { intervalOf, type Job, type JobRef } from './job';
import { sender, sqlAdapter } from './boss';

// How a worker runs one fetched job. A handler that runs in a transaction (the default) completes its job in
// that same transaction: its writes and "done" commit together or not at all, and a run whose job was
// handed back meanwhile (it outlived its expiry) rolls back instead of doing the work a second time. A job
// with inTransaction: false is completed by pg-boss after its batch, like any pg-boss job: at least once.

class HandedBack extends Error {
  constructor(ref: JobRef) {
    super(`job ${ref.name} ${ref.id} was handed back while it ran`);
  }
}

/**
 * Marks this attempt completed, in the caller's transaction (so with the handler's writes). False when the
 * job is no longer this attempt's: it expired and was handed back (or run again) while this one ran.
 */
async function completeAttempt(trx: Db, ref: JobRef): Promise<boolean> {
  const db = sqlAdapter(trx);
  // pg-boss completes only an active job: 0 when it was handed back. Its answer is typed void.
  const done = (await sender().complete(ref.name, ref.id, {}, { db })) as unknown as { affected: number };
  if (done.affected !== 1) return false;
  // The row is now locked by this transaction: it is this attempt's if no retry of the job began since.
  const job = await sender().getJobById(ref.name, ref.id, { db, includeArchive: false });
  return job?.retryCount === ref.retryCount;
}

async function runInside(ctx: AppContext, job: Job, data: unknown, ref: JobRef | null): Promise<void> {
  if (job.inTransaction === false) {
    // pg-boss completes the batch's jobs after the handler returns.
    await job.run({ ...ctx, data, job: ref });
    return;
  }
  await ctx.db.transaction().execute(async (trx) => {
    await job.run({ ...ctx, db: trx, data, job: ref });
    if (ref && !(await completeAttempt(trx, ref))) throw new HandedBack(ref);
  });
}

/** Runs a job's handler the way a worker does, without the queue (tests, `msas jobs run`). */
export function runJobNow(ctx: AppContext, job: Job, data: unknown = {}): Promise<void> {
  return runInside(ctx, job, data, null);
}

/** Runs several jobs' data as a worker runs one fetched batch, without the queue; answers each outcome. */
export async function runBatchNow(ctx: AppContext, job: Job, data: unknown[]): Promise<(Error | null)[]> {
  if (job.runBatch)
    return job.runBatch(
      ctx,
      data.map((d) => ({ data: d, job: null })),
    );
  const out: (Error | null)[] = [];
  for (const d of data) out.push(await runInside(ctx, job, d, null).then(() => null, asError));
  return out;
}

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

export type Handler = ((jobs: PgBoss.JobWithMetadata[]) => Promise<void>) & { running: () => number };

export function jobHandler(boss: PgBoss, ctx: AppContext, job: Job): Handler {
  const interval = intervalOf(job, ctx.config);
  let running = 0;
  const one = async (item: PgBoss.JobWithMetadata) => {
    const ref: JobRef = { id: item.id, name: item.name, retryCount: item.retryCount };
    const started = Date.now();
    // The next run of a periodic job is queued as this one starts: the queue then always holds it, even if
    // this process dies now (the queue keeps one waiting job per periodic name: no pile-up).
    if (interval !== undefined) {
      await boss.send(job.name, {}, { startAfter: Math.max(1, Math.round(interval / 1000)) });
    }
    running += 1;
    try {
      await runInside(ctx, job, item.data, ref);
      ctx.logger.info({ job: job.name, id: ref.id, ms: Date.now() - started }, 'job finished');
    } catch (err) {
      if (err instanceof HandedBack) {
        ctx.logger.warn({ job: job.name, id: ref.id }, 'job was handed back while it ran: rolled back');
        return;
      }
      const final = item.retryCount >= item.retryLimit;
      jobsFailed.inc({ queue: job.name });
      ctx.logger.error(
        { job: job.name, id: ref.id, err, final },
        final ? 'job failed for good' : 'job failed',
      );
      await boss.fail(job.name, ref.id, err as object);
    } finally {
      running -= 1;
    }
  };
  // A batch job: its handler runs the whole batch and answers each job's outcome; the failed ones are failed
  // here, one by one, and pg-boss completes the others when this returns (it completes only active jobs).
  const batch = async (run: NonNullable<Job['runBatch']>, jobs: PgBoss.JobWithMetadata[]) => {
    const started = Date.now();
    const refs = jobs.map((j) => ({ id: j.id, name: j.name, retryCount: j.retryCount }));
    running += jobs.length;
    try {
      const outcomes = await run(
        ctx,
        jobs.map((j, i) => ({ data: j.data, job: refs[i]! })),
      ).catch((err: unknown) => jobs.map(() => asError(err)));
      let failed = 0;
      for (const [i, err] of outcomes.entries()) {
        if (!err) continue;
        failed += 1;
        jobsFailed.inc({ queue: job.name });
        const item = jobs[i]!;
        const final = item.retryCount >= item.retryLimit;
        ctx.logger.error(
          { job: job.name, id: item.id, err, final },
          final ? 'job failed for good' : 'job failed',
        );
        await boss.fail(job.name, item.id, err as object);
      }
      ctx.logger.info(
        { job: job.name, jobs: jobs.length, failed, ms: Date.now() - started },
        'job batch finished',
      );
    } finally {
      running -= jobs.length;
    }
  };
  // On PGlite one at a time: every transaction takes the single connection anyway. On PostgreSQL up to
  // `concurrency` lanes take the batch's jobs in turn, never more than the pool has connections to spare.
  const lanes = Math.max(1, Math.min(job.concurrency ?? 1, connectionsOf(ctx.db) - 1));
  const handler = async (jobs: PgBoss.JobWithMetadata[]) => {
    if (job.runBatch) return batch(job.runBatch, jobs);
    // one() settles each job's own failure; what escapes it (the queue unreachable) starts no further job,
    // and the batch fails once the running ones are done.
    let failure: unknown = null;
    await pLimit(lanes).map(jobs, async (item) => {
      if (failure === null)
        await one(item).catch((err: unknown) => {
          failure ??= err;
        });
    });
    if (failure !== null) throw failure;
  };
  return Object.assign(handler, { running: () => running });
}
