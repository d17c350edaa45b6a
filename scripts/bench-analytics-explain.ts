// npx tsx scripts/bench-analytics-explain.ts [records=100000] [days=90]
// EXPLAIN ANALYZE of the analytics list queries on PGlite with the bench-analytics data, to read their plans
// (which index, hash or sort aggregate, rows scanned) when tuning.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { addDays } from '../server/modules/analytics/selection/filter';
import { loadAnalytics, shapeFor } from './bench-analytics-load';

const records = Number(process.argv[2] ?? 100_000);
const days = Number(process.argv[3] ?? 90);
const lastDay = '2026-06-30';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-explain-'));
const h = await openDatabase({ dataDir });
try {
  await migrateToLatest(h.db);
  const { org } = await loadAnalytics(h.db, shapeFor(records), lastDay);
  const where = sql`u.organization_id = ${org} and u.day >= ${addDays(lastDay, -(days - 1))}::date
    and u.day <= ${lastDay}::date`;
  const plans = {
    'sums per domain': sql`select *, count(*) over () from (select u.domain, sum(u.messages) as m
      from dmarc_rollups u where ${where} group by u.domain) g order by m desc limit 20`,
    'sources of a page of domains': sql`select u.domain, count(distinct u.source_ip) from dmarc_rollups u
      where ${where} and u.domain = any(${['bench-1.example', 'bench-2.example']}::text[]) group by 1`,
    'sums per IP': sql`select *, count(*) over () from (select u.source_ip, sum(u.messages) as m
      from dmarc_rollups u where ${where} group by u.source_ip) g order by m desc limit 20`,
    'time series': sql`select u.day, sum(u.messages) from dmarc_rollups u where ${where} group by u.day`,
  };
  for (const [name, query] of Object.entries(plans)) {
    const { rows } = await sql<Record<string, string>>`explain analyze ${query}`.execute(h.db);
    console.log(`\n## ${name}\n${rows.map((r) => Object.values(r)[0]).join('\n')}`);
  }
} finally {
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
