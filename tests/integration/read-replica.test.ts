import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { startPostgres, startReplica, type Postgres } from '../../scripts/services/postgres';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { openReplica } from '../../server/db/replica';
import { ingestFile } from '../../server/ingest/ingest-file';
import { foldSummaries } from '../../server/modules/analytics/summaries/summaries-fold';
import { reportXml } from '../fixtures/dmarc/build-report';
import { bearer, login, makeUser, startTestApp, type TestApp } from './support/app';
import { multipart } from './support/multipart';
import { startChild, type Child } from './support/processes';

// DATABASE_READ_URL against a real streaming replica (pg_basebackup -R) of a private primary. Replay is
// paused on the replica to make it visibly behind: other organizations' analytics and report lists keep
// reading its older state, the organization that just wrote reads the primary, /readyz shows the lag, and
// past DATABASE_READ_MAX_LAG_SECONDS every read goes to the primary. A real `msas worker` answers /readyz
// with the queue and the replica.

const maxLag = 10;
// Three days ago: inside the default window (the last seven days) and the retention the worker applies.
const reportBegin = Math.floor(Date.now() / 1000) - 3 * 86_400;
let primary: Postgres;
let replica: Postgres;
let handle: DatabaseHandle;
let t: TestApp;
let replicaSql: DatabaseHandle;
let worker: Child | undefined;
let workerStarted: Promise<unknown>;
let tokenA: string;
let tokenB: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-replica-'));
const workerPort = 20_000 + Math.floor(Math.random() * 20_000);

let n = 0;
const report = (domain: string, messages: number) =>
  reportXml({
    domain,
    reportId: `r-${++n}`,
    begin: String(reportBegin),
    end: String(reportBegin + 86_399),
    records: [{ count: String(messages), headerFrom: domain }],
  });
const ingestDirect = (domain: string, messages: number) =>
  ingestFile(handle.db, {
    name: `${domain}.xml`,
    bytes: Buffer.from(report(domain, messages)),
    source: 'cli',
  });

/** Messages in the organization's analytics and reports in its report list, as the API answers them. */
async function seen(token: string) {
  const metrics = await t.app.inject({ url: '/api/dm/domains/metrics/', headers: bearer(token) });
  const list = await t.app.inject({ url: '/api/dm/dmarc/aggregate-reports/', headers: bearer(token) });
  expect(metrics.statusCode).toBe(200);
  expect(list.statusCode).toBe(200);
  return { messages: metrics.json().data.attributes.nr_messages, reports: list.json().meta.count };
}

async function readyz() {
  const res = await t.app.inject({ url: '/readyz' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function until<T>(what: string, probe: () => Promise<T | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const caughtUp = async () => {
  const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(handle.db);
  const r = await sql<{
    ok: boolean;
  }>`select pg_last_wal_replay_lsn() >= ${rows[0].lsn}::pg_lsn as ok`.execute(replicaSql.db);
  return r.rows[0].ok;
};

beforeAll(async () => {
  primary = await startPostgres();
  replica = await startReplica(primary);
  handle = await openDatabase({ databaseUrl: primary.url, dataDir });
  await migrateToLatest(handle.db);
  replicaSql = await openDatabase({ databaseUrl: replica.url, dataDir });
  const env = {
    DATABASE_URL: primary.url,
    DATABASE_READ_URL: replica.url,
    DATABASE_READ_MAX_LAG_SECONDS: String(maxLag),
  };
  worker = startChild(
    {
      ...env,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      WORKER_HEALTH_PORT: String(workerPort),
      CHECK_INTERVAL_HOURS: '0',
    },
    ['worker'],
  );
  workerStarted = worker.waitFor(/"msg":"worker started"/, 120_000);
  workerStarted.catch(() => undefined);
  t = await startTestApp({
    database: { db: handle.db, kind: 'postgres', close: async () => undefined },
    env,
  });
  t.ctx.replica = await openReplica(replica.url, t.db, {
    maxLagSeconds: maxLag,
    logger: t.ctx.logger,
    dataDir,
  });
  const a = await makeUser(t.db, { organization: 'Writer' });
  const b = await makeUser(t.db, { organization: 'Reader' });
  await t.db
    .insertInto('domains')
    .values({ name: 'a.example', organization_id: a.user.organization_id!, verified_at: new Date() })
    .execute();
  await t.db
    .insertInto('domains')
    .values({ name: 'b.example', organization_id: b.user.organization_id!, verified_at: new Date() })
    .execute();
  await ingestDirect('a.example', 10);
  await ingestDirect('b.example', 20);
  tokenA = (await login(t.app, { username: a.email, password: a.password })).json().access;
  tokenB = (await login(t.app, { username: b.email, password: b.password })).json().access;
}, 120_000);

afterAll(async () => {
  await sql`select pg_wal_replay_resume()`.execute(replicaSql.db).catch(() => undefined);
  if (worker && worker.process.exitCode === null) worker.process.kill('SIGKILL');
  await worker?.exited;
  await t?.ctx.replica?.close();
  await t?.close();
  await replicaSql?.close();
  await handle?.close();
  await replica?.stop();
  await primary?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('read replica', () => {
  it('serves other organizations the replica’s state while the writer reads the primary', async () => {
    await foldSummaries(handle.db);
    await until('the replica to catch up', async () => (await caughtUp()) || false);
    // The logins were audited on the primary and are replayed: both organizations read the replica.
    expect(await seen(tokenB)).toEqual({ messages: 20, reports: 1 });
    expect((await readyz()).replica).toMatchObject({ state: 'ok', lag_bytes: 0, max_lag_seconds: maxLag });

    await sql`select pg_wal_replay_pause()`.execute(replicaSql.db);
    // Written straight to the primary (no request, no audit row): B's readers see the replica's older state.
    await ingestDirect('b.example', 5);
    expect(await seen(tokenB)).toEqual({ messages: 20, reports: 1 });
    // A uploads through the API: from then on A reads the primary, B still the replica.
    const { payload, headers } = multipart([{ name: 'a.xml', bytes: Buffer.from(report('a.example', 7)) }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/dm/dmarc/reports/upload/',
      payload,
      headers: { ...headers, ...bearer(tokenA) },
    });
    expect(upload.json().data[0].status).toBe('imported');
    expect(await seen(tokenA)).toEqual({ messages: 17, reports: 2 });
    expect(await seen(tokenB)).toEqual({ messages: 20, reports: 1 });

    const lagging = await until('the lag to show in /readyz', async () => {
      const r = (await readyz()).replica;
      return r.lag_bytes > 0 ? r : false;
    });
    expect(lagging.lag_seconds).toBeGreaterThanOrEqual(0);
  }, 40_000);

  it('past DATABASE_READ_MAX_LAG_SECONDS reads go to the primary, and back once the replica caught up', async () => {
    const over = await until(
      'the replica to pass the lag limit',
      async () => {
        const r = (await readyz()).replica;
        return r.state === 'lagging' ? r : false;
      },
      (maxLag + 10) * 1000,
    );
    expect(over.lag_seconds).toBeGreaterThan(maxLag);
    expect(await seen(tokenB)).toEqual({ messages: 25, reports: 2 });

    await sql`select pg_wal_replay_resume()`.execute(replicaSql.db);
    const back = await until('the replica to be within the limit again', async () => {
      const r = (await readyz()).replica;
      return r.state === 'ok' ? r : false;
    });
    expect(back.lag_seconds).toBeLessThanOrEqual(maxLag);
    expect(await seen(tokenB)).toEqual({ messages: 25, reports: 2 });
  }, 40_000);

  it('a worker answers /readyz with its database, its queue and the replica', async () => {
    await workerStarted;
    const res = await fetch(`http://127.0.0.1:${workerPort}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ok',
      database: 'ok',
      queue: 'ok',
      replica: { state: 'ok', max_lag_seconds: maxLag },
    });
    worker!.process.kill('SIGTERM');
    expect(await worker!.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${workerPort}/readyz`)).rejects.toThrow();
  }, 130_000);
});
