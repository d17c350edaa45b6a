import { sql, type Kysely } from 'kysely';

// Ingest pays for every index entry of the two per-record auth result tables (one DKIM and one SPF row per
// record, about a third of the rows written at ingest). What reads them: by record (the records page, the
// cascade triggers of 0032_ingest_keys, retention) and by lower(domain) or a LIKE suffix (domain-info,
// dkim-signatures, check history), which a plain B-tree on domain cannot serve. So the domain index goes,
// and the primary key on id plus the record_id index become one primary key (record_id, id): still unique,
// still serves "where record_id in (...) order by id", one index entry per row instead of two (DKIM: three).

const tables = ['dmarc_dkim_results', 'dmarc_spf_results'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists dmarc_dkim_results_domain_idx`.execute(db);
  for (const t of tables) {
    await sql`alter table ${sql.table(t)} drop constraint ${sql.id(`${t}_pkey`)},
      add constraint ${sql.id(`${t}_pkey`)} primary key (record_id, id)`.execute(db);
    await sql`drop index if exists ${sql.id(`${t}_record_idx`)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of tables) {
    await sql`create index ${sql.id(`${t}_record_idx`)} on ${sql.table(t)} (record_id)`.execute(db);
    await sql`alter table ${sql.table(t)} drop constraint ${sql.id(`${t}_pkey`)},
      add constraint ${sql.id(`${t}_pkey`)} primary key (id)`.execute(db);
  }
  await sql`create index dmarc_dkim_results_domain_idx on dmarc_dkim_results (domain)`.execute(db);
}
