// npm run bench:ingest -- [--reports 10000] [--records 100] [--db pglite,postgres] [--concurrency 4] [--batch 32]
//   [--workers N] (parse worker threads; default as in manyDefaults)
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

const { values } = parseArgs({
  options: {
    reports: { type: 'string', default: '10000' },
    records: { type: 'string', default: '100' },
    db: { type: 'string', default: 'pglite,postgres' },
    concurrency: { type: 'string', default: '4' },
    batch: { type: 'string', default: '32' },
    workers: { type: 'string' },
  },
});
const reports = Number(values.reports);
const perReport = Number(values.records);
const batch = Number(values.batch);
const domains = ['bench-a.example', 'bench-b.example', 'bench-c.example'];
const results = ['pass', 'pass', 'pass', 'fail', 'softfail', 'none'];

function reportXml(n: number): string {
  const begin = 1_780_000_000 + (n % 60) * 86_400;
  const parts = [
    `<?xml version="1.0"?><feedback><report_metadata><org_name>Reporter ${n % 7}</org_name>`,
    `<email>dmarc@r${n % 7}.example</email><report_id>bench-${n}</report_id><date_range><begin>${begin}</begin>`,
    `<end>${begin + 86_399}</end></date_range></report_metadata><policy_published><domain>${domains[n % 3]}</domain>`,
    '<adkim>r</adkim><aspf>r</aspf><p>quarantine</p><sp>none</sp><pct>100</pct></policy_published>',
  ];
  for (let i = 0; i < perReport; i++) {
    const k = n * perReport + i;
    const ip = `10.${(k >> 16) & 15}.${(k >> 8) & 255}.${(k * 7) & 255}`;
    const dkim = results[k % 6];
    const spf = results[(k >> 2) % 6];
    const aligned = (r: string) => (r === 'pass' ? 'pass' : 'fail');
    parts.push(
      `<record><row><source_ip>${ip}</source_ip><count>${(k % 20) + 1}</count><policy_evaluated>`,
      `<disposition>${k % 11 === 0 ? 'quarantine' : 'none'}</disposition><dkim>${aligned(dkim)}</dkim>`,
      `<spf>${aligned(spf)}</spf></policy_evaluated></row><identifiers><header_from>${domains[n % 3]}</header_from>`,
      `</identifiers><auth_results><dkim><domain>${domains[n % 3]}</domain><selector>s${k % 4}</selector>`,
      `<result>${dkim}</result></dkim><spf><domain>bounce.${domains[n % 3]}</domain><scope>mfrom</scope>`,
      `<result>${spf}</result></spf></auth_results></record>`,
    );
  }
  parts.push('</feedback>');
  return parts.join('');
}

function writeCorpus(dir: string): string[] {
  const files: string[] = [];
  for (let n = 0; n < reports; n++) {
    const file = path.join(dir, `report-${String(n).padStart(6, '0')}.xml.gz`);
    fs.writeFileSync(file, gzipSync(reportXml(n)));
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
    for (const name of domains) {
      await handle.db.deleteFrom('domains').where('name', '=', name).execute();
      await handle.db.insertInto('domains').values({ name, organization_id: org.id }).execute();
    }
    const rss: number[] = [];
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = process.hrtime.bigint();
    let records = 0;
    let imported = 0;
    let done = 0;
    const quarter = Math.ceil(files.length / 4);
    async function* read() {
      for (const name of files)
        yield { name, bytes: await fs.promises.readFile(name), source: 'bench' as const };
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
    console.log(
      `${kind.padEnd(8)} ${imported} reports imported, ${records} records in ${seconds.toFixed(1)} s: ` +
        `${Math.round(records / seconds)} records/s, peak RSS ${mb(peak)}, RSS by quarter ${rss.map(mb).join(' / ')}`,
    );
  } finally {
    await handle.close();
    if (kind === 'postgres') await adminQuery(url!, `drop schema ${schema} cascade`);
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
      `corpus: ${reports} reports x ${perReport} records = ${reports * perReport} records in ${dir} ` +
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
