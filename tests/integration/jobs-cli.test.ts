import type { DatabaseHandle } from '../../server/db/database';
import type { Job } from '../../server/jobs/job';
import { enqueue } from '../../server/jobs/queue';
import { openQueue } from '../../server/jobs/runner';
import { listJobs } from '../../server/jobs/store';
import { jobContext } from './support/job-context';
import { runMsas, sharedDatabase, type SharedDatabase } from './support/processes';

// `msas jobs list|retry|purge` as an operator runs them: child processes on the same database.

let shared: SharedDatabase;
let failedId: string;
let doneId: string;

const broken: Job = {
  name: 'queue-test-broken',
  retryLimit: 0,
  run: async () => {
    throw new Error('the mail server said no');
  },
};
const fine: Job = { name: 'queue-test-fine', run: async () => {} };

async function withDb<T>(fn: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await shared.open();
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

const auditNames = () =>
  withDb(async ({ db }) =>
    (await db.selectFrom('audit_operations').select(['name', 'request']).orderBy('id').execute()).filter(
      (r) => r.name.startsWith('jobs.'),
    ),
  );

beforeAll(async () => {
  shared = await sharedDatabase();
  await withDb(async ({ db }) => {
    const base = jobContext(db);
    const ctx = {
      ...base,
      config: { ...base.config, jobs: { pollSeconds: 1, maintenanceSeconds: 60, stopTimeoutSeconds: 2 } },
    };
    const queue = await openQueue(ctx, { jobs: [broken, fine], work: true });
    failedId = (await enqueue(db, broken.name, { n: 1 }))!;
    doneId = (await enqueue(db, fine.name, {}))!;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const states = (await listJobs(db, { limit: 10 })).map((j) => j.state).sort();
      if (states.join() === 'completed,failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await queue.stop();
  });
}, 240_000);
afterAll(() => shared.close());

describe('msas jobs', () => {
  it('list shows the dead letters with their error, and every job as JSON', async () => {
    const failed = await runMsas(shared.env, ['jobs', 'list', '--state', 'failed']);
    expect(failed.code).toBe(0);
    const lines = failed.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(failedId);
    expect(lines[0]).toContain('queue-test-broken  failed  attempts 1/1');
    expect(lines[0]).toContain('error: the mail server said no');
    const all = await runMsas(shared.env, ['jobs', 'list', '--json']);
    const jobs = JSON.parse(all.stdout) as { id: string; state: string }[];
    expect(jobs.map((j) => [j.id, j.state]).sort()).toEqual(
      [
        [doneId, 'completed'],
        [failedId, 'failed'],
      ].sort(),
    );
  }, 240_000);

  it('refuses a bad state, a bad id, and retry with nothing to retry', async () => {
    const bad = await runMsas(shared.env, ['jobs', 'list', '--state', 'lost']);
    expect(bad.code).toBe(1);
    expect(bad.output).toContain(
      '--state must be one of created, retry, active, completed, cancelled, failed',
    );
    const badId = await runMsas(shared.env, ['jobs', 'retry', 'nope']);
    expect(badId.code).toBe(1);
    expect(badId.output).toContain('"nope" is not a job id');
    const notFailed = await runMsas(shared.env, ['jobs', 'retry', doneId]);
    expect(notFailed.code).toBe(1);
    expect(notFailed.stdout).toContain('0 failed jobs queued again');
  }, 240_000);

  it('retry puts a failed job back in its queue, purge deletes a state; both are audited', async () => {
    const retried = await runMsas(shared.env, ['jobs', 'retry', failedId]);
    expect(retried.code).toBe(0);
    expect(retried.stdout).toBe('msas: 1 failed job queued again\n');
    const state = await withDb(
      async ({ db }) => (await listJobs(db, { limit: 10 })).find((j) => j.id === failedId)?.state,
    );
    expect(state).toBe('retry');
    const purged = await runMsas(shared.env, ['jobs', 'purge', '--state', 'completed']);
    expect(purged.stdout).toBe('msas: deleted 1 completed job\n');
    const left = await withDb(async ({ db }) => (await listJobs(db, { limit: 10 })).map((j) => j.id));
    expect(left).toEqual([failedId]);
    expect(await auditNames()).toEqual([
      { name: 'jobs.retry', request: { via: 'cli', job_id: doneId, retried: 0 } },
      { name: 'jobs.retry', request: { via: 'cli', job_id: failedId, retried: 1 } },
      { name: 'jobs.purge', request: { via: 'cli', state: 'completed', removed: 1 } },
    ]);
  }, 240_000);
});
