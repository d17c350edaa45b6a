import { createHash } from 'node:crypto';
import type { Db } from '../db/database';
import { bossOver, sender, sqlAdapter } from './boss';
import { archivedIds } from './store';

// The one face of the job queue for the rest of the server. A job is put on the queue in the transaction
// that makes it necessary: if that transaction rolls back, there is no job; if it commits, some worker runs
// it, however many processes run and whichever of them dies (docs/OPERATIONS.md, "Jobs"). The queue names
// are the names in server/jobs/registry.ts, whose entries hold the handlers.

export type EnqueueOptions = {
  /**
   * Unique key of the item this job is for ("domain:42:2025-05-01", "digest:7:2025-W18"): while a job
   * with the same queue and key is waiting, running, done or failed (done ones are remembered 35 days),
   * enqueueing it again does nothing. Put the period in the key when the work repeats per period.
   */
  key?: string;
  /** pg-boss's singleton key: with the queue's policy, at most one such job waits (or runs) at a time. */
  singletonKey?: string;
  /** Not before this time (a Date) or this many seconds from now. */
  startAfter?: Date | number;
  /** Hand the job back to another worker when a run takes longer than this (default: the queue's). */
  expireInSeconds?: number;
};

/** The job id a key stands for: the same queue and key always give the same id (pg-boss's primary key). */
export function keyId(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Puts a job on queue `name` using `db` (pass the caller's transaction). Returns its id, or null when a
 * job with the same key (or singleton key, per the queue's policy) is already there.
 */
export async function enqueue(
  db: Db,
  name: string,
  data: Record<string, unknown> = {},
  options: EnqueueOptions = {},
): Promise<string | null> {
  const id = options.key === undefined ? undefined : keyId(name, options.key);
  // A job that ran and was archived is no longer in the job table, where the id would make send a no-op.
  if (id && (await sender().getJobById(name, id, { includeArchive: true, db: sqlAdapter(db) }))) return null;
  const created = await sender().send(name, data, {
    ...(id ? { id } : {}),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
    ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
    db: sqlAdapter(db),
  });
  // pg-boss inserts nothing, silently, for a queue that does not exist.
  if (created === null && !(await queueExists(db, name))) throw noQueue(name);
  return created;
}

export const queueExists = async (db: Db, name: string) => (await bossOver(db).getQueue(name)) !== null;

const noQueue = (name: string) => new Error(`no job queue "${name}": add the job to server/jobs/registry.ts`);

/**
 * Puts many jobs on one queue in one statement per call (fan-out: one job per domain, per recipient...).
 * Items with a key already queued, done or failed are left out, as with enqueue; so are items whose
 * singleton key already waits (per the queue's policy).
 */
export async function enqueueMany(
  db: Db,
  name: string,
  items: {
    data?: Record<string, unknown>;
    key?: string;
    singletonKey?: string;
    startAfter?: Date | number;
  }[],
): Promise<void> {
  if (items.length === 0) return;
  const jobs = items.map((item) => ({
    name,
    data: item.data ?? {},
    ...(item.key === undefined ? {} : { id: keyId(name, item.key) }),
    ...(item.singletonKey === undefined ? {} : { singletonKey: item.singletonKey }),
    ...(item.startAfter === undefined ? {} : { startAfter: startAfterText(item.startAfter) }),
  }));
  const done = await archivedIds(
    db,
    name,
    jobs.flatMap((j) => (j.id ? [j.id] : [])),
  );
  if (!(await queueExists(db, name))) throw noQueue(name);
  await sender().insert(
    jobs.filter((j) => !j.id || !done.has(j.id)),
    { db: sqlAdapter(db) },
  );
}

// pg-boss's insert takes startAfter as an ISO time or an interval text (its send takes seconds too).
const startAfterText = (v: Date | number) => (v instanceof Date ? v.toISOString() : `${v} seconds`);
