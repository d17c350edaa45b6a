import type { Config } from '../config';
import type { AppContext } from '../context';

/** The queued job a handler is running (null when a test or the CLI runs the handler directly). */
export type JobRef = { id: string; name: string; retryCount: number };

/** What a handler gets: the application context (db is the job's transaction unless inTransaction is false). */
export type JobContext = AppContext & { data: unknown; job: JobRef | null };

// One entry of the job registry (server/jobs/registry.ts). Each entry is a pg-boss queue of its own:
// - `cron` (five fields, UTC): pg-boss's scheduler enqueues one job per matching minute, whichever process
//   sees the minute first;
// - `intervalMs`: each run enqueues the next one intervalMs later (so sub-minute periods work too), and a
//   once-a-minute cron entry restarts the chain if the queue was ever emptied;
// - neither: the job runs only when some code enqueues it (server/jobs/queue.ts, `enqueue`).
// Periodic queues keep at most one job waiting and one running, across every process.
export type Job = {
  name: string;
  cron?: string;
  intervalMs?: number | ((config: Config) => number);
  run: (ctx: JobContext) => Promise<void>;
  /** Runs once when a process starts working this queue, after dead-process.ts handed back dead work. */
  onStart?: (ctx: AppContext) => Promise<void>;
  /** false: run outside a transaction (VACUUM; work that waits on the network). Default true. */
  inTransaction?: boolean;
  /** Attempts after the first failure, with exponential backoff from retryDelaySeconds. Default 2 and 10 s. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A running job not finished after this long is handed back (its process died). Default 15 min. */
  expireInSeconds?: number;
  /**
   * 'short': at most one job per singleton key waits (enqueue's singletonKey); another may wait while one
   * runs. Default: 'stately' for periodic jobs, 'standard' otherwise.
   */
  policy?: 'short';
  /** Jobs fetched per poll; each runs on its own unless runBatch is set. Default 1 (periodic), 20 (enqueued). */
  batchSize?: number;
  /**
   * Runs a fetched batch at once (set-based work over many items) instead of `run` once per job. Answers
   * one outcome per item, in order: null when done, else the error that fails that job alone (retried by
   * its queue's policy) while the others complete. Needs inTransaction: false: the batch manages its own.
   */
  runBatch?: (ctx: AppContext, items: BatchItem[]) => Promise<(Error | null)[]>;
  /**
   * How many jobs of a fetched batch run at once when the database has a pool (PostgreSQL), so one job's
   * database reads overlap another's work in this process. On PGlite, whose one connection a transaction
   * holds, they always run one at a time. Default 1.
   */
  concurrency?: number;
};

/** One job of a batch: its data and the queued job (null when a test or the CLI runs it directly). */
export type BatchItem = { data: unknown; job: JobRef | null };

export const isPeriodic = (job: Job) => job.cron !== undefined || job.intervalMs !== undefined;

export function intervalOf(job: Job, config: Config): number | undefined {
  return typeof job.intervalMs === 'function' ? job.intervalMs(config) : job.intervalMs;
}
