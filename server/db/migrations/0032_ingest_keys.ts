import { sql, type Kysely } from 'kysely';

// Bulk ingest: the foreign keys records → reports, DKIM/SPF results → records and rollups → organizations
// cost one RI trigger query per inserted row (a fifth of the database's CPU at ingest, measured with
// auto_explain and before/after runs; docs/PERFORMANCE.md). The ids are generated in the statement that
// inserts the children (server/ingest/store-aggregate.ts), so the keys cannot dangle on insert. What the keys
// still did, ON DELETE CASCADE, is kept by statement-level triggers that delete the children of all deleted
// parents in one set-based statement (the functions keep the migration's search_path, so a schema per test
// finds its own tables). tests/integration/ingest-fuzz.test.ts checks that no child lacks its parent.

const cascades = [
  { parent: 'dmarc_reports', child: 'dmarc_records', column: 'report_id' },
  { parent: 'dmarc_records', child: 'dmarc_dkim_results', column: 'record_id' },
  { parent: 'dmarc_records', child: 'dmarc_spf_results', column: 'record_id' },
  { parent: 'organizations', child: 'dmarc_rollups', column: 'organization_id' },
] as const;

const name = (c: (typeof cascades)[number]) => `${c.child}_${c.column}_cascade`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const c of cascades) {
    await sql`alter table ${sql.table(c.child)} drop constraint ${sql.id(`${c.child}_${c.column}_fkey`)}`.execute(
      db,
    );
    await sql`create function ${sql.id(name(c))}() returns trigger language plpgsql
      set search_path from current as ${sql.lit(
        `begin delete from ${c.child} x using gone where x.${c.column} = gone.id; return null; end`,
      )}`.execute(db);
    await sql`create trigger ${sql.id(name(c))} after delete on ${sql.table(c.parent)}
      referencing old table as gone for each statement execute function ${sql.id(name(c))}()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const c of cascades) {
    await sql`drop trigger if exists ${sql.id(name(c))} on ${sql.table(c.parent)}`.execute(db);
    await sql`drop function if exists ${sql.id(name(c))}()`.execute(db);
    const parentKey = sql.raw(`${c.parent}(id)`);
    await sql`alter table ${sql.table(c.child)} add constraint ${sql.id(`${c.child}_${c.column}_fkey`)}
      foreign key (${sql.id(c.column)}) references ${parentKey} on delete cascade`.execute(db);
  }
}
