import type { Db } from '../db/database';
import { insertAuditOperation, organizationExists } from '../modules/shared/audit-repo';
import { sender, sqlAdapter } from './boss';
import type { Job } from './job';
import { deleteJobs, findJob, listJobs, takeUnauditedFailures, type JobState } from './store';

// Dead letters: a job that failed on its last attempt (or whose every attempt expired) stays in its queue in
// state "failed" for 14 days. The operator lists, retries and purges them with `msas jobs`; each one
// writes an audit row (attributed to the organization its data names, if any), and so do retries and purges.

/** The error a failed job stored, in a form fit for the audit log: the message only, credentials cut out. */
export function failureMessage(output: unknown): string {
  const o = (output ?? {}) as { message?: unknown; value?: { message?: unknown } | unknown };
  const value = o.value as { message?: unknown } | string | undefined;
  const raw = o.message ?? (typeof value === 'object' ? value?.message : value) ?? 'unknown error';
  return String(raw)
    .replace(/\/\/[^/@\s]+@/g, '//***@')
    .slice(0, 300);
}

function organizationOf(data: unknown): number | null {
  const id = (data as { organizationId?: unknown } | null)?.organizationId;
  return Number.isInteger(id) ? (id as number) : null;
}

/** Writes one audit row per failure not audited yet (every minute: registry.ts). */
export async function auditFailures(db: Db): Promise<number> {
  const failures = await takeUnauditedFailures(db, 500);
  for (const f of failures) {
    const org = organizationOf(f.data);
    await insertAuditOperation(db, {
      name: 'job.failed',
      user_id: null,
      organization_id: org !== null && (await organizationExists(db, org)) ? org : null,
      request: { queue: f.name, job_id: f.id, attempts: f.retry_count + 1, error: failureMessage(f.output) },
      response_status: 500,
    });
  }
  return failures.length;
}

export function auditFailuresJob(): Job {
  return {
    name: 'audit-failed-jobs',
    intervalMs: 60_000,
    run: async ({ db, logger }) => {
      const n = await auditFailures(db);
      if (n > 0)
        logger.warn({ failed: n }, 'jobs failed for good (audited; see msas jobs list --state failed)');
    },
  };
}

/** Puts failed jobs back in their queue for one more attempt; returns how many. Audited. */
export async function retryFailed(db: Db, which: { id: string } | { allFailed: true }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const jobs =
      'id' in which
        ? [await findJob(trx, which.id)].filter((j) => j?.state === 'failed')
        : await listJobs(trx, { state: 'failed', limit: 1_000_000 });
    const byQueue = new Map<string, string[]>();
    for (const j of jobs) byQueue.set(j!.name, [...(byQueue.get(j!.name) ?? []), j!.id]);
    for (const [name, ids] of byQueue) await sender().retry(name, ids, { db: sqlAdapter(trx) });
    await insertAuditOperation(trx, {
      name: 'jobs.retry',
      user_id: null,
      organization_id: null,
      request: {
        via: 'cli',
        ...('id' in which ? { job_id: which.id } : { all_failed: true }),
        retried: jobs.length,
      },
      response_status: 200,
    });
    return jobs.length;
  });
}

/** Deletes every job in `state` (default: the dead letters); returns how many. Audited. */
export async function purgeJobs(db: Db, state: Exclude<JobState, 'active'>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const removed = await deleteJobs(trx, state);
    await insertAuditOperation(trx, {
      name: 'jobs.purge',
      user_id: null,
      organization_id: null,
      request: { via: 'cli', state, removed },
      response_status: 200,
    });
    return removed;
  });
}
