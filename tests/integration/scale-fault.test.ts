import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startPostgres, startReplica, type Postgres } from '../../scripts/services/postgres';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { summaryDrift } from '../../server/modules/analytics/summaries/summary-check';
import { makeUser } from './support/app';
import { multipart } from './support/multipart';
import { startChild, type Child } from './support/processes';
import { loginAt, scaleEnv, startApi, twoBackends, until } from './support/api-process';
import { startProxy, type Proxy } from './support/round-robin-proxy';

// The fault test, on real components: a PostgreSQL primary and a streaming replica, two
// `msas serve --no-jobs` behind a round-robin proxy, two `msas worker`, all on the primary and reading
// from the replica. While a few clients upload REPORTS aggregate reports through the proxy, one worker and
// one API process are killed (SIGKILL) and restarted. Afterwards every report is stored once, no job
// failed or ran twice, the analytics summaries equal a recomputation from the rollups, and the only 5xx
// answers are the proxy's 502s for requests that were in flight to the killed API process.

// The 2,000 reports: 33 s of uploads at load 10 on the 2-core development machine, about 150 s at
// load 15. SCALE_FAULT_REPORTS sets another count.
const REPORTS = Number(process.env.SCALE_FAULT_REPORTS ?? 2000);
const CLIENTS = 4;
const sample = fs.readFileSync(
  path.resolve('../shared/samples/dmarc/mail-auth/resources/dmarc-feedback/001.xml'),
  'utf8',
);
const day = 86_400;
const today = Math.floor(Date.now() / 1000 / day) * day;

/** The sample with its own report id, day (within the last 20 days) and source address. */
function report(i: number): Buffer {
  const begin = today - ((i % 20) + 1) * day;
  const xml = sample
    .replace(/<report_id>[^<]*<\/report_id>/, `<report_id>fault-${i}</report_id>`)
    .replace(/<begin>[^<]*<\/begin>/, `<begin>${begin}</begin>`)
    .replace(/<end>[^<]*<\/end>/, `<end>${begin + day - 1}</end>`)
    .replace(/<source_ip>[^<]*<\/source_ip>/, `<source_ip>192.0.2.${i % 250}</source_ip>`)
    .replace(/<count>[^<]*<\/count>/, `<count>${(i % 7) + 1}</count>`);
  return Buffer.from(xml);
}

let primary: Postgres;
let replica: Postgres;
let handle: DatabaseHandle;
let proxy: Proxy;
let env: Record<string, string>;
let token: string;
let organizationId: number;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-fault-'));
const children: Child[] = [];
const live = (c: Child) => c.process.exitCode === null && c.process.signalCode === null;

async function startWorker(): Promise<Child> {
  const child = startChild({ ...env, LOG_LEVEL: 'info' }, ['worker']);
  children.push(child);
  await child.waitFor(/"msg":"worker started"/, 180_000);
  return child;
}

async function uploadOnce(i: number) {
  const { payload, headers } = multipart([{ name: `fault-${i}.xml`, bytes: report(i) }]);
  const res = await fetch(`${proxy.url}/api/dm/dmarc/reports/upload/`, {
    method: 'POST',
    body: payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  const body = res.status === 200 ? ((await res.json()) as { data: { status: string }[] }) : null;
  if (!body) await res.arrayBuffer();
  return { status: res.status, result: body?.data[0].status };
}

beforeAll(async () => {
  primary = await startPostgres();
  replica = await startReplica(primary);
  handle = await openDatabase({ databaseUrl: primary.url, dataDir });
  await migrateToLatest(handle.db);
  const owner = await makeUser(handle.db, { organization: 'Fault' });
  organizationId = owner.user.organization_id!;
  await handle.db
    .insertInto('domains')
    .values({ name: 'example.com', organization_id: organizationId, verified_at: new Date() })
    .execute();
  env = { ...scaleEnv(primary.url, replica.url, dataDir), JOBS_POLL_INTERVAL: '1' };
  const backends = await twoBackends(20_000 + Math.floor(Math.random() * 20_000));
  proxy = await startProxy(backends);
  await Promise.all([...backends.map((b) => startApi(env, b, children)), startWorker(), startWorker()]);
  token = await loginAt(proxy.url, owner.email, owner.password);
}, 300_000);

afterAll(async () => {
  for (const c of children) if (live(c)) c.process.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  await proxy?.close();
  await handle?.close();
  await replica?.stop();
  await primary?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('scale-out under faults', () => {
  it('keeps every report once, every job once and the summaries exact while an API and a worker die', async () => {
    const started = Date.now();
    const outcomes = new Map<number, string>();
    const retried: number[] = [];
    const unexpected: string[] = [];
    let nextReport = 0;
    let done = 0;
    let killedApi = '';
    let killedAt = 0;

    const client = async () => {
      for (let i = nextReport++; i < REPORTS; i = nextReport++) {
        for (let attempt = 1; ; attempt++) {
          const r = await uploadOnce(i);
          if (r.status === 502 && attempt < 5) {
            retried.push(i);
            continue;
          }
          if (r.status !== 200 || !r.result) unexpected.push(`report ${i}: HTTP ${r.status}`);
          outcomes.set(i, r.result ?? `http-${r.status}`);
          break;
        }
        done++;
      }
    };

    // A third of the way in, one worker and one API process die without warning and come back.
    const fault = (async () => {
      await until('a third of the uploads', async () => done >= REPORTS / 3, 300_000);
      const workers = children.filter((c) => live(c) && c.process.spawnargs.includes('worker'));
      const apiBackend = proxy.backends[0];
      const api = children.find((c) => live(c) && apiBackend.label === `api-${c.process.pid}`)!;
      killedApi = apiBackend.label;
      killedAt = Date.now();
      workers[0].process.kill('SIGKILL');
      api.process.kill('SIGKILL');
      await Promise.all([workers[0].exited, api.exited]);
      await Promise.all([startWorker(), startApi(env, apiBackend, children)]);
    })();

    await Promise.all([...Array.from({ length: CLIENTS }, client), fault]);
    const uploadSeconds = (Date.now() - started) / 1000;
    console.log(
      `scale-fault: ${REPORTS} reports in ${uploadSeconds.toFixed(1)} s (${(REPORTS / uploadSeconds).toFixed(1)}/s), ` +
        `${retried.length} retried after a 502`,
    );

    // Every client request got an answer; the retried ones may come back as duplicates of themselves.
    expect(unexpected).toEqual([]);
    expect([...outcomes.values()].filter((s) => s !== 'imported' && s !== 'duplicate')).toEqual([]);
    expect(outcomes.size).toBe(REPORTS);
    const duplicates = [...outcomes].filter(([, s]) => s === 'duplicate').map(([i]) => i);
    expect(duplicates.every((i) => retried.includes(i))).toBe(true);

    // The only 5xx: the proxy's 502s for requests in flight to the killed API process when it died.
    const errors = proxy.served.filter((s) => s.status >= 500);
    expect(errors.filter((s) => s.status !== 502 || s.label !== killedApi)).toEqual([]);
    expect(errors.every((s) => s.at >= killedAt)).toBe(true);

    // The restarted API process serves: dashboard reads (from the replica, or the primary just after this
    // organization's uploads) through the proxy reach both live processes.
    const reads = await Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(`${proxy.url}/api/dm/domains/metrics/`, { headers: { authorization: `Bearer ${token}` } }),
      ),
    );
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(reads.map((r) => r.headers.get('x-backend')))).toEqual(
      new Set(proxy.backends.map((b) => b.label)),
    );

    // Stored exactly once, counted by report id.
    const stored = await sql<{ reports: number; ids: number }>`select count(*)::int as reports,
        count(distinct report_id)::int as ids from dmarc_reports where organization_id = ${organizationId}`.execute(
      handle.db,
    );
    expect(stored.rows[0]).toEqual({ reports: REPORTS, ids: REPORTS });

    // The queue: nothing failed, no queue ever held two runs of one key at once, and after the restart
    // the summary fold still ran (its chain survived the killed worker).
    const jobs = await sql<{
      name: string;
      state: string;
      singleton_key: string | null;
      completed_on: Date | null;
    }>`
      select name, state::text, singleton_key, completed_on from pgboss.job
      union all select name, state::text, singleton_key, completed_on from pgboss.archive`.execute(handle.db);
    expect(jobs.rows.filter((j) => j.state === 'failed')).toEqual([]);
    const open = new Map<string, number>();
    for (const j of jobs.rows.filter((r) => r.state === 'created' || r.state === 'retry')) {
      const key = `${j.name}/${j.singleton_key ?? ''}`;
      open.set(key, (open.get(key) ?? 0) + 1);
    }
    expect([...open].filter(([, n]) => n > 1)).toEqual([]);
    await until(
      'a summary fold after the restart',
      async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
          where name = 'fold-analytics-summaries' and state = 'completed' and completed_on > ${new Date(killedAt)}`.execute(
          handle.db,
        );
        return rows[0].n > 0;
      },
      60_000,
    );

    // The summaries equal a recomputation from the rollups, and the rollups the stored records.
    expect(await summaryDrift(handle.db)).toEqual([]);
    const messages = await sql<{ records: string; rollups: string }>`select
        (select coalesce(sum(count), 0)::text from dmarc_records r join dmarc_reports p on p.id = r.report_id
          where p.organization_id = ${organizationId}) as records,
        (select coalesce(sum(messages), 0)::text from dmarc_rollups where organization_id = ${organizationId})
          as rollups`.execute(handle.db);
    let expected = 0;
    for (let i = 0; i < REPORTS; i++) expected += (i % 7) + 1;
    expect(messages.rows[0]).toEqual({ records: String(expected), rollups: String(expected) });
  }, 600_000);
});
