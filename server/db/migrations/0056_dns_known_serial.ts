import { sql, type Kysely } from 'kysely';

// The SOA serial PowerDNS reported when msas last took its copy of a zone (dns_zones.known). A change set
// whose zone still has that serial starts from the copy instead of reading the whole zone again
// (docs/DNS.md, "Cost of a load"). Null: not known yet, the whole zone is read.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dns_zones add column known_serial bigint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dns_zones drop column known_serial`.execute(db);
}
