// npm run bench:analytics -- [--records 10000000] [--pglite-records 1000000] [--db postgres,pglite] [--runs 20]
// --records (and --pglite-records) take a list, e.g. 1000000,10000000,30000000: each size is loaded into a new
// database and timed, then a growth table sets each cell's p95 against the rollup rows in its window.
// Loads synthetic rollups + reports (scripts/bench-analytics-load.ts) into PostgreSQL (DATABASE_URL, or a
// private cluster on port 5438 started and stopped here) and into PGlite, then times the overview (metrics
// and the report count), the three aggregations (first page) and the time series for 7, 30 and 90 day
// windows: the first call (cold) and p50/p95 of the next --runs calls (warm). Prints JSON lines and a table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type DatabaseHandle } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { aggregatedByDomain } from '../server/modules/analytics/aggregations/aggregated-by-domain-query';
import { aggregatedByIp } from '../server/modules/analytics/aggregations/aggregated-by-ip-query';
import { aggregatedBySender } from '../server/modules/analytics/aggregations/aggregated-by-sender-query';
import { addDays, type Selection } from '../server/modules/analytics/selection/filter';
import { metricsTotals } from '../server/modules/analytics/overview/metrics-query';
import { countReports } from '../server/modules/analytics/overview/reports-count-query';
import { dailyTotals } from '../server/modules/analytics/overview/time-series-query';
import { startPostgres } from './services/postgres';
import { loadAnalytics, perDomainDay, shapeFor } from './bench-analytics-load';
import { load, quantile } from './bench/figures';

const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '10000000' },
    'pglite-records': { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'postgres,pglite' },
    runs: { type: 'string', default: '20' },
  },
});
const runs = Number(values.runs);
const lastDay = '2026-06-30';
const page = { offset: 0, limit: 20 };

type Query = { name: string; run: (h: DatabaseHandle, s: Selection) => Promise<unknown> };
const queries: Query[] = [
  { name: 'overview', run: (h, s) => Promise.all([metricsTotals(h.db, s), countReports(h.db, s)]) },
  { name: 'by-domain', run: (h, s) => aggregatedByDomain(h.db, s, page) },
  { name: 'by-ip', run: (h, s) => aggregatedByIp(h.db, s, page) },
  { name: 'by-sender', run: (h, s) => aggregatedBySender(h.db, s, page) },
  { name: 'time-series', run: (h, s) => dailyTotals(h.db, s) },
];

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function bench(kind: 'postgres' | 'pglite', records: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-bench-analytics-'));
  let stop: (() => Promise<void>) | null = null;
  let url = kind === 'postgres' ? process.env.DATABASE_URL : undefined;
  if (kind === 'postgres' && !url) {
    const pg = await startPostgres({ port: 5438 });
    stop = pg.stop;
    url = pg.url;
  }
  const h = await openDatabase({ databaseUrl: url, dataDir });
  try {
    await migrateToLatest(h.db);
    const shape = shapeFor(records);
    let t = process.hrtime.bigint();
    const { org, foldMs } = await loadAnalytics(h.db, shape, lastDay);
    const loadMs = ms(t);
    console.log(
      JSON.stringify({ db: kind, ...shape, rollups: shape.domains * 90 * 37, loadMs, foldMs, load: load() }),
    );
    const out: Record<string, unknown>[] = [];
    for (const days of [7, 30, 90]) {
      const s: Selection = {
        organizationId: org,
        domains: null,
        begin: addDays(lastDay, -(days - 1)),
        end: lastDay,
      };
      for (const q of queries) {
        t = process.hrtime.bigint();
        await q.run(h, s);
        const cold = ms(t);
        const warm: number[] = [];
        for (let i = 0; i < runs; i++) {
          t = process.hrtime.bigint();
          await q.run(h, s);
          warm.push(ms(t));
        }
        const row = {
          db: kind,
          records,
          days,
          query: q.name,
          cold: Math.round(cold),
          p50: Math.round(quantile(warm, 0.5)),
          p95: Math.round(quantile(warm, 0.95)),
          load: load(),
        };
        console.log(JSON.stringify(row));
        out.push(row);
      }
    }
    return out;
  } finally {
    await h.close();
    if (stop) await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const all: Record<string, unknown>[] = [];
for (const kind of values.db.split(',') as ('postgres' | 'pglite')[]) {
  const sizes = (kind === 'postgres' ? values.records : values['pglite-records']).split(',').map(Number);
  for (const records of sizes) all.push(...(await bench(kind, records)));
}
console.log('\n| db | records | window | query | cold ms | p50 ms | p95 ms | load average |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of all)
  console.log(
    `| ${r.db} | ${r.records} | ${r.days} d | ${r.query} | ${r.cold} | ${r.p50} | ${r.p95} | ${r.load} |`,
  );
printGrowth(all);

/** Per database with more than one size: each cell's p95 at every size, and its growth against the rows. */
function printGrowth(rows: Record<string, unknown>[]) {
  for (const db of new Set(rows.map((r) => r.db))) {
    const mine = rows.filter((r) => r.db === db);
    const sizes = [...new Set(mine.map((r) => Number(r.records)))];
    if (sizes.length < 2) continue;
    // Rollup rows in a window: the shape's domains × days × records per domain and day.
    const windowRows = (records: number, days: number) => shapeFor(records).domains * days * perDomainDay;
    const growth = (a: number, b: number) => `${(b / a).toFixed(1)}×`;
    console.log(
      `\n${db}: p95 ms at ${sizes.join(' / ')} records; growth from one size to the next, p95 (rows)`,
    );
    console.log(`| window | query | p95 | growth |\n|---|---|---|---|`);
    for (const days of [7, 30, 90])
      for (const q of queries) {
        const p95 = sizes.map((n) =>
          Number(mine.find((r) => r.records === n && r.days === days && r.query === q.name)?.p95),
        );
        const steps = sizes
          .slice(1)
          .map(
            (n, i) =>
              `${growth(p95[i], p95[i + 1])} (${growth(windowRows(sizes[i], days), windowRows(n, days))})`,
          );
        console.log(`| ${days} d | ${q.name} | ${p95.join(' / ')} | ${steps.join(', ')} |`);
      }
  }
}
