import { sql } from 'kysely';
import type { Db } from '../db/database';
import { queueSchema } from './boss';
import type { JobState } from './states';

// The only SQL of ours on pg-boss's own tables, for what its API has no call for: listing jobs by state
// across queues, purging a state, remembering which failures were audited, counting per queue for the
// metrics, skipping archived keys of a fan-out in one statement, and expiring a dead process's running jobs.
// Everything else goes through pg-boss's API (server/jobs/queue.ts, handle.ts, dead-letters.ts). These
// queries are written for pg-boss's schema version below; store-schema.test.ts fails when the installed
// pg-boss (package and installed tables) has another one, so an upgrade cannot silently break them.

/** pg-boss's schema version (its version.json, and its `version` table once started) these queries fit. */
export const pgBossSchemaVersion = 24;

const table = (name: 'job' | 'archive' | 'queue') => sql.id(queueSchema(), name);

export { jobStates, type JobState } from './states';

export type JobRow = {
  id: string;
  name: string;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  created_on: Date;
  start_after: Date;
  completed_on: Date | null;
  output: unknown;
};

/** Makes every running job expired now (pg-boss's expire() then hands them back); returns how many. */
export async function expireActiveJobs(db: Db): Promise<number> {
  const r = await sql`update ${table('job')} set expire_in = interval '0' where state = 'active'`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Which of these ids are archived jobs of the queue. */
export async function archivedIds(db: Db, name: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const r = await sql<{ id: string }>`select id::text as id from ${table('archive')}
    where name = ${name} and id = any(${ids}::uuid[])`.execute(db);
  return new Set(r.rows.map((row) => row.id));
}

const columns = sql`id::text as id, name, state::text as state, retry_count, retry_limit, created_on, start_after,
  completed_on, output`;
// pg-boss's own queues (cron hand-off) are its business, not the operator's.
const ours = sql`name not like '\\_\\_pgboss%'`;

export async function listJobs(
  db: Db,
  filter: { state?: JobState; queue?: string; limit: number },
): Promise<JobRow[]> {
  const r = await sql<JobRow>`select ${columns} from ${table('job')} where ${ours}
    ${filter.state ? sql`and state = ${filter.state}::${sql.id(queueSchema(), 'job_state')}` : sql``}
    ${filter.queue ? sql`and name = ${filter.queue}` : sql``}
    order by created_on desc, id limit ${filter.limit}`.execute(db);
  return r.rows;
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const r =
    await sql<JobRow>`select ${columns} from ${table('job')} where id = ${id}::uuid and ${ours}`.execute(db);
  return r.rows[0];
}

/** Deletes every job in the state (never running ones); returns how many per queue. */
export async function deleteJobs(db: Db, state: Exclude<JobState, 'active'>): Promise<number> {
  const r = await sql`delete from ${table('job')}
    where state = ${state}::${sql.id(queueSchema(), 'job_state')} and ${ours}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

export type Failure = { id: string; name: string; data: unknown; output: unknown; retry_count: number };

/** Failed jobs not audited yet, marked audited in the same statement (output.audited). */
export async function takeUnauditedFailures(db: Db, limit: number): Promise<Failure[]> {
  const r = await sql<Failure>`with f as (
      select name, id from ${table('job')}
      where state = 'failed' and ${ours} and not coalesce((output ->> 'audited')::boolean, false)
      order by completed_on limit ${limit} for update skip locked)
    update ${table('job')} j set output = coalesce(j.output, '{}'::jsonb) || '{"audited": true}'::jsonb
    from f where j.name = f.name and j.id = f.id
    returning j.id::text as id, j.name, j.data, j.output, j.retry_count`.execute(db);
  return r.rows;
}

export type QueueCount = { name: string; waiting: number; failed: number };

/** Per queue: jobs waiting to run (created or retry) and jobs failed for good (server/modules/metrics). */
export async function queueCounts(db: Db): Promise<QueueCount[]> {
  const r = await sql<QueueCount>`select name,
      count(*) filter (where state in ('created', 'retry'))::int as waiting,
      count(*) filter (where state = 'failed')::int as failed
    from ${table('job')} where ${ours} group by name order by name`.execute(db);
  return r.rows;
}
