import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import type { AppContext } from '../../server/context';
import { queueSchema } from '../../server/jobs/boss';
import { runJobNow } from '../../server/jobs/handle';
import type { Job } from '../../server/jobs/job';
import { enqueue, enqueueMany } from '../../server/jobs/queue';
import { registeredJobs } from '../../server/jobs/registry';
import { openQueue, type Queue } from '../../server/jobs/runner';
import { listJobs } from '../../server/jobs/store';
import { openTestDatabase, type TestDatabase } from './support/db';
import { makeUser } from './support/app';
import { jobContext } from './support/job-context';

let database: TestDatabase;
let ctx: AppContext;
beforeAll(async () => {
  database = await openTestDatabase();
  const base = jobContext(database.db);
  // Poll every second and sweep expired jobs every second, so a test waits seconds, not minutes.
  ctx = {
    ...base,
    config: { ...base.config, jobs: { pollSeconds: 1, maintenanceSeconds: 1, stopTimeoutSeconds: 2 } },
  };
});
afterAll(async () => {
  await database.close();
});

const waitFor = async (what: string, ok: () => Promise<boolean>, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const jobsIn = async (name: string) => listJobs(database.db, { queue: name, limit: 1000 });

describe('the registered jobs', () => {
  it('purge-refresh-tokens removes expired and long-spent tokens and keeps live ones', async () => {
    const { user } = await makeUser(database.db);
    const now = new Date();
    const day = 86_400_000;
    const rows = [
      { token_hash: 'live', expires_at: new Date(now.getTime() + day) },
      { token_hash: 'expired', expires_at: new Date(now.getTime() - 1000) },
      {
        token_hash: 'spent-recently',
        expires_at: new Date(now.getTime() + day),
        used_at: new Date(now.getTime() - 1000),
      },
      {
        token_hash: 'spent-long-ago',
        expires_at: new Date(now.getTime() + day),
        used_at: new Date(now.getTime() - 2 * day),
      },
    ];
    for (const row of rows) {
      await database.db
        .insertInto('refresh_tokens')
        .values({ token_hash: row.token_hash, family_id: 'f', user_id: user.id, expires_at: row.expires_at })
        .execute();
      if (row.used_at) {
        await database.db
          .updateTable('refresh_tokens')
          .set({ used_at: row.used_at })
          .where('token_hash', '=', row.token_hash)
          .execute();
      }
    }
    const job = registeredJobs.find((j) => j.name === 'purge-refresh-tokens')!;
    await runJobNow(
      jobContext(database.db, () => now),
      job,
    );
    const left = await database.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .orderBy('token_hash')
      .execute();
    expect(left.map((r) => r.token_hash)).toEqual(['live', 'spent-recently']);
  });

  it('become cron entries of the queue when a worker opens it, and stale entries go', async () => {
    const first = await openQueue(ctx, {
      jobs: [{ name: 'retired-job', cron: '0 3 * * *', run: async () => {} }],
      work: true,
    });
    await first.stop();
    const queue = await openQueue(ctx, { jobs: registeredJobs, work: true });
    try {
      const schedules = await queue.boss.getSchedules();
      const crons = Object.fromEntries(schedules.map((s) => [s.name, s.cron]));
      const expected = Object.fromEntries(
        registeredJobs.map((j) => [j.name, j.cron ?? (j.intervalMs !== undefined ? '* * * * *' : undefined)]),
      );
      expect(crons).toEqual(expected);
      expect(crons['purge-refresh-tokens']).toBe('5 * * * *');
      expect(crons['fold-analytics-summaries']).toBe('* * * * *');
      // Each interval job's chain has its next run waiting.
      await waitFor('the fold job to run and queue its next run', async () => {
        const jobs = await jobsIn('fold-analytics-summaries');
        return jobs.some((j) => j.state === 'completed') && jobs.some((j) => j.state === 'created');
      });
    } finally {
      await queue.stop();
    }
  });
});

describe('enqueue', () => {
  const recorded: unknown[] = [];
  const recorder: Job = { name: 'queue-test-record', run: async ({ data }) => void recorded.push(data) };
  let queue: Queue;
  beforeAll(async () => {
    queue = await openQueue(ctx, { jobs: [recorder], work: false });
  });
  afterAll(() => queue.stop());

  it('puts nothing on the queue when the transaction rolls back, and the job when it commits', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        expect(await enqueue(trx, recorder.name, { n: 1 })).toMatch(/^[0-9a-f-]{36}$/);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await jobsIn(recorder.name)).toEqual([]);
    const id = await database.db.transaction().execute((trx) => enqueue(trx, recorder.name, { n: 2 }));
    const jobs = await jobsIn(recorder.name);
    expect(jobs.map((j) => [j.id, j.state])).toEqual([[id, 'created']]);
  });

  it('a unique key dedupes: the same item is queued once, another key is another job', async () => {
    const key = 'domain:7:2026-05-01';
    const first = await enqueue(database.db, recorder.name, { d: 7 }, { key });
    expect(first).not.toBeNull();
    expect(await enqueue(database.db, recorder.name, { d: 7 }, { key })).toBeNull();
    expect(
      await enqueue(database.db, recorder.name, { d: 7 }, { key: 'domain:7:2026-05-02' }),
    ).not.toBeNull();
    const keyed = (await jobsIn(recorder.name)).filter((j) => j.id === first);
    expect(keyed).toHaveLength(1);
  });

  it('refuses a queue no registry entry created', async () => {
    await expect(enqueue(database.db, 'no-such-queue', {})).rejects.toThrow(/no job queue "no-such-queue"/);
  });

  it('enqueueMany puts many jobs in one statement, leaving out keys already there', async () => {
    const before = (await jobsIn(recorder.name)).length;
    await enqueueMany(database.db, recorder.name, [
      { data: { m: 1 }, key: 'domain:7:2026-05-01' },
      { data: { m: 2 }, key: 'm2' },
      { data: { m: 3 } },
    ]);
    expect((await jobsIn(recorder.name)).length).toBe(before + 2);
    await expect(enqueueMany(database.db, 'no-such-queue', [{}])).rejects.toThrow(/no job queue/);
  });

  it('a worker runs the queued jobs, and a keyed job done is still not queued again', async () => {
    const worker = await openQueue(ctx, { jobs: [recorder], work: true });
    try {
      await waitFor('the queued jobs to run', async () =>
        (await jobsIn(recorder.name)).every((j) => j.state === 'completed'),
      );
    } finally {
      await worker.stop();
    }
    expect(recorded).toEqual(expect.arrayContaining([{ n: 2 }, { d: 7 }, { d: 7 }, { m: 2 }, { m: 3 }]));
    expect(recorded).toHaveLength(5);
    expect(await enqueue(database.db, recorder.name, { d: 7 }, { key: 'domain:7:2026-05-01' })).toBeNull();
  });
});

describe('a batch job', () => {
  it('runs a fetched batch in one call, and fails (and retries) only the items it answers failed', async () => {
    const calls: number[][] = [];
    const batchJob: Job = {
      name: 'queue-test-batch',
      retryLimit: 1,
      retryDelaySeconds: 1,
      batchSize: 10,
      inTransaction: false,
      run: async () => {
        throw new Error('runs in batches only');
      },
      runBatch: async (_ctx, items) => {
        const data = items.map((i) => i.data as { n: number; fail?: boolean });
        calls.push(data.map((d) => d.n).sort());
        return data.map((d) => (d.fail ? new Error(`item ${d.n} is bad`) : null));
      },
    };
    const queue = await openQueue(ctx, { jobs: [batchJob], work: true });
    try {
      await enqueueMany(database.db, batchJob.name, [
        { data: { n: 1 } },
        { data: { n: 2, fail: true } },
        { data: { n: 3 } },
      ]);
      await waitFor('the good items done and the bad one failed for good', async () => {
        const jobs = await jobsIn(batchJob.name);
        return (
          jobs.filter((j) => j.state === 'completed').length === 2 && jobs.some((j) => j.state === 'failed')
        );
      });
    } finally {
      await queue.stop();
    }
    const jobs = await jobsIn(batchJob.name);
    const bad = jobs.find((j) => j.state === 'failed')!;
    expect(bad.retry_count).toBe(1);
    expect(JSON.stringify(bad.output)).toContain('item 2 is bad');
    // The three in one call; the bad one alone again on its retry.
    expect(calls).toEqual([[1, 2, 3], [2]]);
    // Its dead letter is not the audit test's business below.
    await sql`delete from ${sql.id(queueSchema(), 'job')} where name = ${batchJob.name}`.execute(database.db);
  });
});

describe('a failing job', () => {
  it('is retried with backoff, then lands in failed (a dead letter) and in the audit log', async () => {
    const attempts: number[] = [];
    const failing: Job = {
      name: 'queue-test-fail',
      retryLimit: 2,
      retryDelaySeconds: 1,
      run: async ({ db }) => {
        attempts.push(Date.now());
        // Written in the job's transaction: rolled back with it.
        await sql`insert into instance_audit_operations (name, response_status) values ('queue-test.write', 0)`.execute(
          db,
        );
        throw new Error('smtp://user:secret@mail.example refused');
      },
    };
    const { user } = await makeUser(database.db, { organization: 'Dead letters' });
    const orgId = user.organization_id!;
    const queue = await openQueue(ctx, { jobs: [failing], work: true });
    try {
      await enqueue(database.db, failing.name, { organizationId: orgId });
      await waitFor(
        'three attempts and the failure',
        async () => (await jobsIn(failing.name))[0]?.state === 'failed',
        30_000,
      );
      expect(attempts).toHaveLength(3);
      // Backoff: the second wait is not shorter than the first's minimum (retryDelay * 2^n / 2).
      expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(900);
      expect(attempts[2] - attempts[1]).toBeGreaterThanOrEqual(1900);
    } finally {
      await queue.stop();
    }
    // The registered audit job (every minute) writes one row per failure, once.
    const auditJob = registeredJobs.find((j) => j.name === 'audit-failed-jobs')!;
    await runJobNow(ctx, auditJob);
    await runJobNow(ctx, auditJob);
    const audit = await database.db
      .selectFrom('audit_operations')
      .select(['organization_id', 'request', 'response_status'])
      .where('name', 'in', ['job.failed', 'queue-test.write'])
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ organization_id: orgId, response_status: 500 });
    expect(audit[0].request).toMatchObject({
      queue: failing.name,
      attempts: 3,
      error: 'smtp://***@mail.example refused',
    });
  }, 120_000);
});

describe('a batch', () => {
  it('runs its jobs at once on PostgreSQL (one at a time on PGlite); a failing one is retried alone', async () => {
    let active = 0;
    let widest = 0;
    const runs: { n: number; retry: number }[] = [];
    const batch: Job = {
      name: 'queue-test-batch',
      batchSize: 6,
      concurrency: 3,
      retryLimit: 1,
      retryDelaySeconds: 1,
      run: async ({ db, data, job }) => {
        const { n } = data as { n: number };
        active += 1;
        widest = Math.max(widest, active);
        try {
          // Written in the job's transaction, which holds a connection while it sleeps.
          await sql`insert into instance_audit_operations (name, response_status) values (${`queue-test.batch.${n}`}, 0)`.execute(
            db,
          );
          await new Promise((r) => setTimeout(r, 300));
          runs.push({ n, retry: job!.retryCount });
          if (n === 2 && job!.retryCount === 0) throw new Error('first attempt of job 2 fails');
        } finally {
          active -= 1;
        }
      },
    };
    const queue = await openQueue(ctx, { jobs: [batch], work: false });
    await database.db.transaction().execute(async (trx) =>
      enqueueMany(
        trx,
        batch.name,
        [0, 1, 2, 3, 4, 5].map((n) => ({ data: { n } })),
      ),
    );
    await queue.stop();
    const worker = await openQueue(ctx, { jobs: [batch], work: true });
    try {
      await waitFor('every job to complete', async () => {
        const jobs = await jobsIn(batch.name);
        return jobs.length === 6 && jobs.every((j) => j.state === 'completed');
      });
    } finally {
      await worker.stop();
    }
    expect(widest).toBe(database.kind === 'postgres' ? 3 : 1);
    // Job 2 ran twice, the others once; the failed attempt's write rolled back with it.
    expect(runs.filter((r) => r.n === 2).map((r) => r.retry)).toEqual([0, 1]);
    expect(runs.filter((r) => r.n !== 2)).toHaveLength(5);
    expect(runs.every((r) => r.n === 2 || r.retry === 0)).toBe(true);
    const written = await database.db
      .selectFrom('instance_audit_operations')
      .select('name')
      .where('name', 'like', 'queue-test.batch.%')
      .execute();
    expect(written.map((w) => w.name).sort()).toEqual([0, 1, 2, 3, 4, 5].map((n) => `queue-test.batch.${n}`));
  }, 60_000);
});

describe('an interval job', () => {
  it('runs again every interval, never two runs at once, on several queue connections', async () => {
    let active = 0;
    let overlap = false;
    let runs = 0;
    const ticking: Job = {
      name: 'queue-test-tick',
      intervalMs: 1000,
      run: async () => {
        active += 1;
        overlap ||= active > 1;
        runs += 1;
        await new Promise((r) => setTimeout(r, 300));
        active -= 1;
      },
    };
    const a = await openQueue(ctx, { jobs: [ticking], work: true });
    const b = await openQueue(ctx, { jobs: [ticking], work: true });
    try {
      await waitFor('three runs', async () => runs >= 3, 20_000);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(overlap).toBe(false);
    const waiting = (await jobsIn(ticking.name)).filter((j) => j.state === 'created' || j.state === 'retry');
    expect(waiting.length).toBeLessThanOrEqual(1);
  });
});

describe('/readyz', () => {
  it('answers 200 with the database and the queue, 503 once the queue stops', async () => {
    const queue = await openQueue(ctx, { jobs: [], work: true });
    const app = await buildApp(ctx, { queueReady: queue.ready });
    try {
      const ok = await app.inject({ url: '/readyz' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ status: 'ok', database: 'ok', queue: 'ok' });
      await queue.stop();
      const stopped = await app.inject({ url: '/readyz' });
      expect(stopped.statusCode).toBe(503);
      expect(stopped.json()).toEqual({ status: 'error', database: 'ok', queue: 'error' });
    } finally {
      await app.close();
    }
    const apiOnly = await buildApp(ctx);
    try {
      const res = await apiOnly.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: 'ok', queue: 'not run here' });
    } finally {
      await apiOnly.close();
    }
  });
});
