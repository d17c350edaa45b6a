// npm run bench:ingest -- [--reports 10000] [--records 100] [--db pglite,postgres] [--concurrency 4] [--batch 32]
//   [--workers N] (parse worker threads; default as in manyDefaults) [--prefetch N] (files parsed ahead)
//   [--distinct-ips] (worst case: every record its own source IP; the default corpus draws them from a pool,
//   see ingest-corpus.ts) [--held] (the corpus's domains not verified: every report held, server/ingest/hold.ts)
//   [--keep] (PostgreSQL: keep the schema, to look at plans afterwards)
// End to end: a synthetic corpus of gzipped aggregate reports written to disk, then every file read, parsed and
// committed (records, auth results, rollups) through ingestMany (server/ingest/ingest-many.ts): the same
// storage as ingestFile, which the CLI, upload and mail sources use, with files parsed ahead and batched. Prints
// records per second and peak RSS, with RSS at each quarter of the run to show whether memory stays flat.
// PostgreSQL: DATABASE_URL, or a private cluster started through scripts/services when running as root.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { gzipSync } from 'node:zlib';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { ingestMany, manyDefaults } from '../../server/ingest/ingest-many';
import { createOrganization } from '../../server/modules/organizations/repo';
import { startPostgres } from '../services/postgres';
import { corpusDomains, reportXml } from './ingest-corpus';
import { serverCpu } from './server-cpu';

const { values } = parseArgs({
  options: {
    reports: { type: 'string', default: '10000' },
    records: { type: 'string', default: '100' },
    db: { type: 'string', default: 'pglite,postgres' },
    concurrency: { type: 'string', default: '4' },
    batch: { type: 'string', default: '32' },
    workers: { type: 'string' },
    prefetch: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'distinct-ips': { type: 'boolean', default: false },
    held: { type: 'boolean', default: false },
  },
});
const reports = Number(values.reports);
const perReport = Number(values.records);
const batch = Number(values.batch);
const shape = { reports, perReport, distinctIps: values['distinct-ips'] === true };
function writeCorpus(dir: string): string[] {
  const files: string[] = [];
  for (let n = 0; n < reports; n++) {
    const file = path.join(dir, `report-${String(n).padStart(6, '0')}.xml.gz`);
    fs.writeFileSync(file, gzipSync(reportXml(n, shape)));
    files.push(file);
  }
  return files;
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(text);
  await client.end();
}

async function run(kind: 'pglite' | 'postgres', files: string[], concurrency: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-bench-db-'));
  let stopPg: (() => Promise<void>) | null = null;
  let url = process.env.DATABASE_URL;
  if (kind === 'postgres' && !url) {
    const server = await startPostgres();
    url = server.url;
    stopPg = server.stop;
  }
  // PostgreSQL: a schema of its own, so earlier runs never turn this run's reports into duplicates.
  const schema = `bench_${process.pid}_${Date.now()}`;
  if (kind === 'postgres') await adminQuery(url!, `create schema ${schema}`);
  const handle: DatabaseHandle = await openDatabase({
    databaseUrl: kind === 'postgres' ? url : undefined,
    dataDir,
    searchPath: kind === 'postgres' ? schema : undefined,
  });
  try {
    await migrateToLatest(handle.db);
    const org = await createOrganization(handle.db, `Bench ${Date.now()}`);
    await handle.db.deleteFrom('domains').where('name', 'in', corpusDomains).execute();
    // Verified, so ingestion gives their reports to the organization (server/ingest/ownership.ts).
    const verifiedAt = values.held ? null : new Date();
    await handle.db
      .insertInto('domains')
      .values(corpusDomains.map((name) => ({ name, organization_id: org.id, verified_at: verifiedAt })))
      .execute();
    const server = kind === 'postgres' ? await serverCpu(handle) : null;
    const node = process.cpuUsage();
    const load = os.loadavg()[0];
    const rss: number[] = [];
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = process.hrtime.bigint();
    let records = 0;
    let imported = 0;
    let done = 0;
    const quarter = Math.ceil(files.length / 4);
    async function* read() {
      // Read as msas import reads (server/cli/import.ts): synchronously, cheaper than fs.promises here.
      for (const name of files) yield { name, bytes: fs.readFileSync(name), source: 'bench' as const };
    }
    // Files are read and parsed ahead while earlier ones commit, several small reports per transaction.
    await ingestMany(
      handle.db,
      read(),
      {
        ...manyDefaults[kind],
        concurrency: kind === 'pglite' ? 1 : concurrency,
        batchReports: batch,
        ...(values.workers !== undefined ? { parseWorkers: Number(values.workers) } : {}),
        ...(values.prefetch !== undefined ? { prefetch: Number(values.prefetch) } : {}),
      },
      (item) => {
        if (item.error !== undefined) throw item.error;
        if (item.result?.status === 'imported') imported += 1;
        records += item.result?.records ?? 0;
        if (++done % quarter === 0) rss.push(process.memoryUsage().rss);
      },
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const mb = (b: number) => `${Math.round(b / 1048576)} MB`;
    const used = process.cpuUsage(node);
    const nodeCpu = (used.user + used.system) / 1e6;
    const serverCpuText = server ? `, server CPU ${(server.read() - server.start).toFixed(1)} s` : '';
    console.log(
      `${kind.padEnd(8)} ${imported} reports imported, ${records} records in ${seconds.toFixed(1)} s: ` +
        `${Math.round(records / seconds)} records/s, Node CPU ${nodeCpu.toFixed(1)} s${serverCpuText}, ` +
        `load ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}, peak RSS ${mb(peak)}, ` +
        `RSS by quarter ${rss.map(mb).join(' / ')}`,
    );
  } finally {
    await handle.close();
    if (kind === 'postgres' && !values.keep) await adminQuery(url!, `drop schema ${schema} cascade`);
    if (kind === 'postgres' && values.keep) console.log(`kept schema ${schema}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await stopPg?.();
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-bench-corpus-'));
  try {
    const t0 = Date.now();
    const files = writeCorpus(dir);
    console.log(
      `corpus: ${reports} reports x ${perReport} records = ${reports * perReport} records ` +
        `(${shape.distinctIps ? 'every source IP distinct' : 'source IPs from a pool of 50,000'}) in ${dir} ` +
        `(${((Date.now() - t0) / 1000).toFixed(1)} s); ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    );
    for (const kind of values.db!.split(',')) {
      if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`unknown --db ${kind}`);
      await run(kind, files, Number(values.concurrency));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
