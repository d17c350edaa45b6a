// npm run bench:analytics -- [--records 10000000] [--pglite-records 1000000] [--db postgres,pglite] [--runs 20]
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
import { aggregatedByDomain } from '../server/modules/analytics/aggregated-by-domain-query';
import { aggregatedByIp } from '../server/modules/analytics/aggregated-by-ip-query';
import { aggregatedBySender } from '../server/modules/analytics/aggregated-by-sender-query';
import { addDays, type Selection } from '../server/modules/analytics/filter';
import { metricsTotals } from '../server/modules/analytics/metrics-query';
import { countReports } from '../server/modules/analytics/reports-count-query';
import { dailyTotals } from '../server/modules/analytics/time-series-query';
import { startPostgres } from './services/postgres';
import { loadAnalytics, shapeFor } from './bench-analytics-load';
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
  const records = Number(kind === 'postgres' ? values.records : values['pglite-records']);
  all.push(...(await bench(kind, records)));
}
console.log('\n| db | records | window | query | cold ms | p50 ms | p95 ms | load average |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of all)
  console.log(
    `| ${r.db} | ${r.records} | ${r.days} d | ${r.query} | ${r.cold} | ${r.p50} | ${r.p95} | ${r.load} |`,
  );
