import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from './support/db';

// Migration 0059: the summaries and the report count are read over a range of one organization's days, never
// by several processes scanning the whole table (docs/PERFORMANCE.md "Analytics queries"). The planner is
// told parallel plans cost nothing, so it picks one wherever a table allows it.
describe('dashboard tables are never scanned in parallel', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => {
    await t.close();
  });

  const plan = (table: string) =>
    t.db.transaction().execute(async (tx) => {
      for (const setting of [
        'max_parallel_workers_per_gather = 2',
        'parallel_setup_cost = 0',
        'parallel_tuple_cost = 0',
        'min_parallel_table_scan_size = 0',
        'min_parallel_index_scan_size = 0',
      ])
        await sql.raw(`set local ${setting}`).execute(tx);
      const { rows } = await sql<
        Record<string, string>
      >`explain select count(*) from ${sql.table(table)}`.execute(tx);
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });

  it('plans a parallel scan where a table allows one (the check can fail)', async () => {
    expect(await plan('analytics_pending')).toMatch(/Gather/);
  });

  it.each([
    'analytics_domain_days',
    'analytics_sender_days',
    'analytics_ip_spans',
    'analytics_sender_domain_blocks',
    'dmarc_reports',
  ])('%s is read by one process', async (table) => {
    expect(await plan(table)).not.toMatch(/Gather|Parallel/);
  });
});
