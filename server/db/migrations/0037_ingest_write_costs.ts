import { sql, type Kysely } from 'kysely';

// Two costs every stored record paid (docs/PERFORMANCE.md, session 5):
// - The records' primary key on id and their report_id index become one primary key (report_id, id), as
//   0034_ingest_indexes did for the auth result tables: every reader reaches records through their report
//   ("where report_id = ... order by id", the joins, the cascade trigger, retention), nothing by id alone.
//   One index entry per record instead of two.
// - The id sequences of records and rollups hand each session 128 values at a time instead of one, so a
//   batch of records no longer takes the sequence's lock and writes WAL for it every 32 rows. Ids stay unique
//   and increase within a session (a report's records keep file order); a session that ends leaves a gap.

const cached = ['dmarc_records', 'dmarc_rollups'] as const;

async function setCache(db: Kysely<unknown>, size: number): Promise<void> {
  for (const t of cached) {
    const { rows } = await sql<{ seq: string }>`select pg_get_serial_sequence(${t}, 'id') as seq`.execute(db);
    await sql`alter sequence ${sql.raw(rows[0].seq)} cache ${sql.raw(String(size))}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dmarc_records drop constraint dmarc_records_pkey,
    add constraint dmarc_records_pkey primary key (report_id, id)`.execute(db);
  await sql`drop index if exists dmarc_records_report_idx`.execute(db);
  await setCache(db, 128);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setCache(db, 1);
  await sql`create index dmarc_records_report_idx on dmarc_records (report_id)`.execute(db);
  await sql`alter table dmarc_records drop constraint dmarc_records_pkey,
    add constraint dmarc_records_pkey primary key (id)`.execute(db);
}
