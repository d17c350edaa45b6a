import { sql, type Kysely } from 'kysely';

// The last rules for distributing by organization under Citus (docs/SCALING.md, "Citus").
//
// Verified names. A verified name belongs to one organization across the instance (migration 0039). Under
// Citus a unique index on domains (name) would only hold within one shard, so the rule moves to a reference
// table of verified names, written in the transaction that verifies, revokes, renames or deletes the domain
// (server/modules/domains/verified-names.ts). It points at organizations (a reference table) and names its
// domain by id without a foreign key: a reference table cannot point at a tenant table.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('verified_names')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'bigint', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('domain_id', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into verified_names (name, organization_id, domain_id)
    select name, organization_id, id from domains where verified_at is not null`.execute(db);
  await db.schema.dropIndex('domains_verified_name_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index domains_verified_name_key on domains (name)
    where verified_at is not null`.execute(db);
  await db.schema.dropTable('verified_names').execute();
}
