import { sql, type Kysely } from 'kysely';

// The dashboard's reads of the summaries and the report count take a range of one organization's days from
// the primary key. Once a summary passes a few MB (30 M records, docs/PERFORMANCE.md "Analytics queries"),
// the planner prefers three processes scanning the whole table to one reading the window: 6× the pages and 3×
// the CPU for a third of the wall time on an idle machine, and worse than serial as soon as other calls share
// the cores. The cost of a call should follow the rows in its window and leave cores to other callers, so
// these tables are never scanned in parallel.
const tables = [
  'analytics_domain_days',
  'analytics_sender_days',
  'analytics_ip_spans',
  'analytics_sender_domain_blocks',
  'dmarc_reports',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of tables) await sql`alter table ${sql.table(t)} set (parallel_workers = 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of tables) await sql`alter table ${sql.table(t)} reset (parallel_workers)`.execute(db);
}
