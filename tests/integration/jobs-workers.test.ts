import { sql } from 'kysely';
import type { DatabaseHandle } from '../../server/db/database';
import { enqueue } from '../../server/jobs/queue';
import { listJobs } from '../../server/jobs/store';
import { sharedDatabase, startChild, type Child, type SharedDatabase } from './support/processes';

// Several `msas worker` processes on one PostgreSQL (a private cluster when DATABASE_URL is not set): every
// job runs once, a worker killed mid-job loses nothing (the job expires and another worker runs it), and a
// worker asked to stop finishes its job or hands it back.

let shared: SharedDatabase;
let handle: DatabaseHandle;
const workers: Child[] = [];
const script = 'tests/integration/support/queue-worker.ts';
const env = () => ({
  ...shared.env,
  LOG_LEVEL: 'info',
  JOBS_POLL_INTERVAL: '1',
  JOBS_MAINTENANCE_INTERVAL: '1',
  JOBS_STOP_TIMEOUT: '3',
});

async function startWorker(): Promise<Child> {
  const child = startChild(env(), [], script);
  workers.push(child);
  await child.waitFor(/"msg":"worker started"/, 180_000);
  return child;
}

const alive = () => workers.filter((w) => w.process.exitCode === null && w.process.signalCode === null);

async function waitFor(what: string, ok: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const stateOf = async (id: string) =>
  (await listJobs(handle.db, { queue: 'queue-probe', limit: 100_000 })).find((j) => j.id === id)?.state;

const runsOf = async (id: string) =>
  (
    await sql<{ pid: number }>`select pid from queue_probe_runs where job_id = ${id}`.execute(handle.db)
  ).rows.map((r) => r.pid);

/** Enqueues one probe job and resolves with it and the worker that started it. */
async function startOne(data: { sleepMs: number }, expireInSeconds: number) {
  const id = (await enqueue(handle.db, 'queue-probe', data, { expireInSeconds }))!;
  const holder = await Promise.any(
    alive().map((w) => w.waitFor(new RegExp(`probe-start ${id}`)).then(() => w)),
  );
  return { id, holder };
}

beforeAll(async () => {
  shared = await sharedDatabase({ postgres: true });
  handle = await shared.open();
  await sql`create table queue_probe_runs (job_id text not null, pid integer not null)`.execute(handle.db);
  await Promise.all([startWorker(), startWorker()]);
}, 240_000);

afterAll(async () => {
  for (const w of alive()) w.process.kill('SIGKILL');
  await Promise.all(workers.map((w) => w.exited));
  await handle?.close();
  await shared?.close();
});

describe('two workers on one PostgreSQL', () => {
  it('share N jobs and run each exactly once', async () => {
    const n = 200;
    const ids = await handle.db.transaction().execute(async (trx) => {
      const out: string[] = [];
      for (let i = 0; i < n; i++) out.push((await enqueue(trx, 'queue-probe', { sleepMs: 10 }))!);
      return out;
    });
    await waitFor(`${n} jobs to complete`, async () => {
      const jobs = await listJobs(handle.db, { queue: 'queue-probe', state: 'completed', limit: n + 10 });
      return jobs.length === n;
    });
    const runs = (
      await sql<{ job_id: string; pid: number }>`select job_id, pid from queue_probe_runs`.execute(handle.db)
    ).rows;
    expect(runs.map((r) => r.job_id).sort()).toEqual([...ids].sort());
    const pids = new Set(runs.map((r) => r.pid));
    expect([...pids].sort()).toEqual(workers.map((w) => w.process.pid).sort());
  }, 180_000);

  it('a job whose worker is killed (SIGKILL) mid-job expires and completes on the other', async () => {
    const { id, holder } = await startOne({ sleepMs: 3000 }, 4);
    holder.process.kill('SIGKILL');
    await holder.exited;
    await waitFor('the job to complete on the other worker', async () => (await stateOf(id)) === 'completed');
    const [other] = alive();
    // The killed run's transaction (its row) rolled back with its connection: one run is left.
    expect(await runsOf(id)).toEqual([other.process.pid]);
    await startWorker();
  }, 240_000);

  it('a worker asked to stop (SIGTERM) finishes its running job, then exits', async () => {
    const { id, holder } = await startOne({ sleepMs: 1500 }, 60);
    holder.process.kill('SIGTERM');
    expect(await holder.exited).toBe(0);
    expect(await stateOf(id)).toBe('completed');
    expect(await runsOf(id)).toEqual([holder.process.pid]);
    await startWorker();
  }, 240_000);

  it('a job longer than JOBS_STOP_TIMEOUT is handed back on SIGTERM and another worker runs it', async () => {
    const { id, holder } = await startOne({ sleepMs: 8000 }, 60);
    holder.process.kill('SIGTERM');
    expect(await holder.exited).toBe(0);
    expect(await stateOf(id)).not.toBe('completed');
    await waitFor('another worker to complete it', async () => (await stateOf(id)) === 'completed');
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).not.toBe(holder.process.pid);
  }, 240_000);
});
