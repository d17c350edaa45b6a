import { sql, type Kysely } from 'kysely';

// A zone's history is read newest first, a page at a time (docs/DNS.md "History"): an index in that order lets
// the first page stop after its rows, where the name index made PostgreSQL sort every change of the zone
// (10,000 for a zone created with 10,000 records).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index dns_rrset_changes_zone_idx on dns_rrset_changes (organization_id, zone_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index dns_rrset_changes_zone_idx`.execute(db);
}
