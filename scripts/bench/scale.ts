// npm run bench:scale -- [--records 10000000] [--seconds 20] [--clients 8] [--reports 300] Scale-out
// (docs/SCALING.md, docs/PERFORMANCE.md "Scale-out") on a private PostgreSQL primary and its streaming
// replica, with real `msas serve --no-jobs` processes reading from the replica (DATABASE_READ_URL):
// - dashboard: synthetic analytics (scripts/bench-analytics-load.ts) of --records records; --clients
//   concurrent clients call the overview metrics, the three aggregations and the time series (90 days) in
//   turn for --seconds, against one API process and then two behind a round-robin proxy: requests/s, p50, p95,
//   and the CPU each part used per request (the bound a second process meets on a small machine);
// - ingestion: --reports aggregate reports of 50 records uploaded by --clients clients through one API
//   process, then two (uploads are stored by the API process that receives them), with two `msas worker`
//   folding the summaries meanwhile: records/s.
// Prints JSON lines and a table, with the load average (the figures mean little on a loaded machine).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { createAccount } from '../../server/modules/users/accounts';
import { multipart } from '../../tests/integration/support/multipart';
import { loginAt, scaleEnv, startApi, twoBackends, until } from '../../tests/integration/support/api-process';
import { startChild, type Child } from '../../tests/integration/support/processes';
import { startProxy } from '../../tests/integration/support/round-robin-proxy';
import { reportXml } from '../../tests/fixtures/dmarc/build-report';
import { loadAnalytics, shapeFor } from '../bench-analytics-load';
import { startPostgres, startReplica } from '../services/postgres';
import { load, machineCpu, processCpu, quantile } from './figures';

const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '10000000' },
    seconds: { type: 'string', default: '20' },
    clients: { type: 'string', default: '8' },
    reports: { type: 'string', default: '300' },
  },
});
const records = Number(values.records);
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const reports = Number(values.reports);
const lastDay = new Date().toISOString().slice(0, 10);
const firstDay = new Date(Date.parse(lastDay) - 89 * 86_400_000).toISOString().slice(0, 10);
const window = `begin_date=${firstDay}&end_date=${lastDay}`;
const calls = [
  `/api/dm/domains/metrics/?${window}`,
  `/api/dm/aggregated-by-domain/?${window}`,
  `/api/dm/aggregated-by-ip/?${window}`,
  `/api/dm/aggregated-by-sender-service/?${window}`,
  `/api/dm/domains/time-series/?${window}`,
];

/** `clients` closed-loop clients, each sending `next(i)` until `stop()`; latencies of 2xx answers. */
async function drive(send: (i: number) => Promise<number>, stop: (sent: number) => boolean) {
  const latencies: number[] = [];
  let failed = 0;
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!stop(sent)) {
        const i = sent++;
        const t = performance.now();
        const status = await send(i);
        if (status >= 200 && status < 300) latencies.push(performance.now() - t);
        else failed++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { latencies, failed, elapsed };
}

async function caughtUp(primary: DatabaseHandle, replica: DatabaseHandle) {
  const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(primary.db);
  const r = await sql<{
    ok: boolean;
  }>`select pg_last_wal_replay_lsn() >= ${rows[0].lsn}::pg_lsn as ok`.execute(replica.db);
  return r.rows[0].ok;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-bench-scale-'));
const primary = await startPostgres({ port: 5440 });
const replica = await startReplica(primary);
const children: Child[] = [];
const out: Record<string, unknown>[] = [];
const print = (row: Record<string, unknown>) => {
  console.log(JSON.stringify(row));
  out.push(row);
};
try {
  const handle = await openDatabase({ databaseUrl: primary.url, dataDir });
  const replicaHandle = await openDatabase({ databaseUrl: replica.url, dataDir });
  await migrateToLatest(handle.db);
  const shape = shapeFor(records);
  await loadAnalytics(handle.db, shape, lastDay);
  await sql`analyze`.execute(handle.db);
  const password = randomBytes(12).toString('hex');
  const email = 'bench-scale@example.com';
  const owner = await createAccount(handle.db, {
    email,
    password,
    role: 'owner',
    organizationName: 'Bench organization',
  });
  const env = scaleEnv(primary.url, replica.url, dataDir);
  const backends = await twoBackends(5450);
  await Promise.all(backends.map((b) => startApi(env, b, children)));
  const proxy = await startProxy(backends);
  const token = await loginAt(proxy.url, email, password);
  const auth = { authorization: `Bearer ${token}` };
  // The login's writes replayed, so the dashboard reads go to the replica.
  await until('the replica to catch up', () => caughtUp(handle, replicaHandle));
  await new Promise((r) => setTimeout(r, 2000));

  // Rows read on each server: shows that the dashboard calls read the replica, not the primary.
  const rowsRead = async (h: DatabaseHandle) =>
    Number(
      (
        await sql<{
          n: string;
        }>`select sum(tup_returned + tup_fetched)::text as n from pg_stat_database`.execute(h.db)
      ).rows[0].n,
    );
  const dashboard = async (label: string, base: string) => {
    const before = [await rowsRead(handle), await rowsRead(replicaHandle)];
    const call = async (i: number) => {
      const res = await fetch(`${base}${calls[i % calls.length]}`, { headers: auth });
      await res.arrayBuffer();
      return res.status;
    };
    await drive(call, (sent) => sent >= calls.length * 2); // warm up
    // Where the CPU went: the API processes, this process (the clients and the proxy) and the rest of the
    // machine (PostgreSQL, mostly the replica). `busy` of 1.0 is both cores: then no count of API
    // processes can raise the throughput by more than 1 / busy.
    const apiPids = children.map((c) => c.process.pid!);
    const apiCpu = () => apiPids.reduce((sum, pid) => sum + processCpu(pid), 0);
    const cpu0 = { machine: machineCpu(), api: apiCpu(), self: process.cpuUsage() };
    const deadline = performance.now() + seconds * 1000;
    const r = await drive(call, () => performance.now() > deadline);
    const machine = machineCpu();
    const api = apiCpu() - cpu0.api;
    const selfUsage = process.cpuUsage(cpu0.self);
    const self = (selfUsage.user + selfUsage.system) / 1e6;
    const busy = machine.busy - cpu0.machine.busy;
    const perRequest = (s: number) => Number(((s / r.latencies.length) * 1000).toFixed(2));
    const row = {
      bench: 'dashboard',
      apis: label,
      records,
      requests: r.latencies.length,
      failed: r.failed,
      perSecond: Number((r.latencies.length / r.elapsed).toFixed(1)),
      p50: Math.round(quantile(r.latencies, 0.5)),
      p95: Math.round(quantile(r.latencies, 0.95)),
      rowsReadPrimary: (await rowsRead(handle)) - before[0],
      rowsReadReplica: (await rowsRead(replicaHandle)) - before[1],
      busy: Number((busy / (machine.total - cpu0.machine.total)).toFixed(2)),
      cpuMsPerRequest: {
        api: perRequest(api),
        clientsAndProxy: perRequest(self),
        rest: perRequest(busy - api - self),
      },
      load: load(),
    };
    print(row);
    return row;
  };
  backends[1].up = false;
  const one = await dashboard('1', proxy.url);
  backends[1].up = true;
  const two = await dashboard('2', proxy.url);
  print({
    bench: 'dashboard',
    ratio: Number((two.perSecond / one.perSecond).toFixed(2)),
    ceiling: Number((1 / one.busy).toFixed(2)),
  });

  // Ingestion: the summary fold runs on the workers meanwhile.
  const workers = [startChild({ ...env, LOG_LEVEL: 'info' }, ['worker'])];
  workers.push(startChild({ ...env, LOG_LEVEL: 'info' }, ['worker']));
  children.push(...workers);
  await Promise.all(workers.map((w) => w.waitFor(/"msg":"worker started"/, 180_000)));
  await handle.db
    .insertInto('domains')
    .values({ name: 'ingest.example', organization_id: owner.organization_id!, verified_at: new Date() })
    .execute();
  const perReport = 50;
  const begin = Math.floor(Date.now() / 1000) - 2 * 86_400;
  const upload = (round: string) => async (i: number) => {
    const xml = reportXml({
      domain: 'ingest.example',
      reportId: `${round}-${i}`,
      begin: String(begin),
      end: String(begin + 86_399),
      records: Array.from({ length: perReport }, (_, k) => ({
        ip: `10.${i % 250}.${k}.1`,
        count: '1',
        headerFrom: 'ingest.example',
      })),
    });
    const { payload, headers } = multipart([{ name: `${round}-${i}.xml`, bytes: Buffer.from(xml) }]);
    const res = await fetch(`${proxy.url}/api/dm/dmarc/reports/upload/`, {
      method: 'POST',
      body: payload,
      headers: { ...headers, ...auth },
    });
    await res.arrayBuffer();
    return res.status;
  };
  const ingest = async (label: string) => {
    const r = await drive(upload(`apis-${label}`), (sent) => sent >= reports);
    print({
      bench: 'ingest',
      apis: label,
      workers: 2,
      reports: r.latencies.length,
      failed: r.failed,
      recordsPerSecond: Math.round((r.latencies.length * perReport) / r.elapsed),
      p95: Math.round(quantile(r.latencies, 0.95)),
      load: load(),
    });
  };
  backends[1].up = false;
  await ingest('1');
  backends[1].up = true;
  await ingest('2');
  await proxy.close();
  await replicaHandle.close();
  await handle.close();
} finally {
  for (const c of children) if (c.process.exitCode === null) c.process.kill('SIGTERM');
  await Promise.all(children.map((c) => c.exited));
  await replica.stop();
  await primary.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `\nmachine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB; load ${load()}`,
);
console.log(
  '| bench | API processes | requests | per second | p50 ms | p95 ms | cores busy | CPU ms per request: API / clients and proxy / rest | load average |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of out.filter((r) => r.apis)) {
  const cpu = r.cpuMsPerRequest as Record<string, number> | undefined;
  const split = cpu ? `${cpu.api} / ${cpu.clientsAndProxy} / ${cpu.rest}` : '';
  console.log(
    `| ${r.bench} | ${r.apis} | ${r.requests ?? r.reports} | ${r.perSecond ?? r.recordsPerSecond} | ${r.p50 ?? ''} | ${r.p95} | ${r.busy ?? ''} | ${split} | ${r.load} |`,
  );
}
