import { sql, type Kysely } from 'kysely';

// Domain ownership (docs/INGESTION.md "Routing"):
// - every organization gets its own report address: a random local part (report_slug, 80 bits from two
//   v4 UUIDs, whose first 12 hex digits are random) at REPORT_ADDRESS_DOMAIN, fixed for its lifetime;
// - a domain is pending until the organization proves it controls the name (its DMARC record's rua names the
//   organization's address, or the TXT token is published at _msas-verify.<domain>), then verified;
// - several organizations may hold the same name pending (so nobody can squat a name by adding it first),
//   only one may hold it verified (the partial unique index).
// Domains that exist when this runs are grandfathered: verified, method 'grandfathered', so an upgrade keeps
// routing their reports as before. The periodic re-check never revokes a grandfathered domain.

const randomHex = (n: number) => `substr(replace(gen_random_uuid()::text, '-', ''), 1, ${n})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('report_slug', 'text', (c) =>
      c.notNull().defaultTo(sql.raw(`${randomHex(12)} || ${randomHex(8)}`)),
    )
    .execute();
  await db.schema
    .createIndex('organizations_report_slug_key')
    .on('organizations')
    .column('report_slug')
    .unique()
    .execute();

  await db.schema
    .alterTable('domains')
    .addColumn('verification_token', 'text', (c) =>
      c.notNull().defaultTo(sql`replace(gen_random_uuid()::text, '-', '')`),
    )
    .addColumn('verified_at', 'timestamptz')
    .addColumn('verification_method', 'text', (c) =>
      c.check(sql`verification_method in ('dmarc', 'txt', 'grandfathered')`),
    )
    .addColumn('verification_checked_at', 'timestamptz')
    .addColumn('verification_proved_at', 'timestamptz')
    .addColumn('verification_problem', 'text')
    .execute();
  await sql`update domains set verified_at = now(), verification_method = 'grandfathered'`.execute(db);
  await sql`alter table domains drop constraint domains_name_key`.execute(db);
  // (name, organization_id): one row per name and organization, and the index name lookups use.
  await db.schema
    .createIndex('domains_name_organization_key')
    .on('domains')
    .columns(['name', 'organization_id'])
    .unique()
    .execute();
  await sql`create unique index domains_verified_name_key on domains (name)
    where verified_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // If exists: migration 0048 replaces it with the verified_names table.
  await db.schema.dropIndex('domains_verified_name_key').ifExists().execute();
  await db.schema.dropIndex('domains_name_organization_key').execute();
  // Pending duplicates of a name cannot survive the old global uniqueness: the verified row (else the
  // oldest) is kept.
  await sql`delete from domains d where d.verified_at is null and exists (select 1 from domains o
    where o.name = d.name and o.id <> d.id and (o.verified_at is not null or o.id < d.id))`.execute(db);
  await sql`alter table domains add constraint domains_name_key unique (name)`.execute(db);
  await db.schema
    .alterTable('domains')
    .dropColumn('verification_token')
    .dropColumn('verified_at')
    .dropColumn('verification_method')
    .dropColumn('verification_checked_at')
    .dropColumn('verification_proved_at')
    .dropColumn('verification_problem')
    .execute();
  await db.schema.dropIndex('organizations_report_slug_key').execute();
  await db.schema.alterTable('organizations').dropColumn('report_slug').execute();
}
