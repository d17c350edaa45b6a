import { sql, type Kysely } from 'kysely';

// Costs every stored record paid without anyone reading what they bought (docs/PERFORMANCE.md, session 5):
// - The records' primary key on id and their report_id index become one primary key (report_id, id), as
//   0034_ingest_indexes did for the auth result tables: every reader reaches records through their report
//   ("where report_id = ... order by id", the joins, the cascade trigger, retention), nothing by id alone.
//   One index entry per record instead of two.
// - The records' id sequence hands each session 128 values at a time instead of one, so a batch no longer
//   takes the sequence's lock and writes WAL for it every 32 rows. Ids stay unique and increase within a
//   session (a report's records keep file order); a session that ends leaves a gap.
// - Rollup rows lose their serial id: nothing reads it (the unique key is their identity), and it cost a
//   sequence value and an index entry per row (0.79 rows a record).

async function recordsSequence(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{
    seq: string;
  }>`select pg_get_serial_sequence('dmarc_records', 'id') as seq`.execute(db);
  return rows[0].seq;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dmarc_records drop constraint dmarc_records_pkey,
    add constraint dmarc_records_pkey primary key (report_id, id)`.execute(db);
  await sql`drop index if exists dmarc_records_report_idx`.execute(db);
  await sql`alter sequence ${sql.raw(await recordsSequence(db))} cache 128`.execute(db);
  await sql`alter table dmarc_rollups drop column id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dmarc_rollups add column id serial primary key`.execute(db);
  await sql`alter sequence ${sql.raw(await recordsSequence(db))} cache 1`.execute(db);
  await sql`create index dmarc_records_report_idx on dmarc_records (report_id)`.execute(db);
  await sql`alter table dmarc_records drop constraint dmarc_records_pkey,
    add constraint dmarc_records_pkey primary key (id)`.execute(db);
}
