import { sql, type Kysely } from 'kysely';

// Measured with `npm run bench:dns` (docs/PERFORMANCE.md "DNS hosting"), a zone of 10,000 records:
// - its history is read newest first, a page at a time: an index in that order lets the first page stop after
//   its rows, where the name index made PostgreSQL sort every change of the zone;
// - dns_zones.known (msas's copy of the zone, about 1 MB) becomes text: msas only ever stores and reads it
//   whole, and parsing 1 MB into jsonb on every change set cost more than the rest of the write. The zones
//   list's record count moves to a column of its own, kept with it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index dns_rrset_changes_zone_idx on dns_rrset_changes (organization_id, zone_id, id)`.execute(db);
  await sql`alter table dns_zones add column records integer not null default 0`.execute(db);
  await sql`
    update dns_zones set records =
      (select coalesce(sum(jsonb_array_length(r->'records')), 0) from jsonb_array_elements(known) r)`.execute(
    db,
  );
  await sql`alter table dns_zones alter column known drop default`.execute(db);
  await sql`alter table dns_zones alter column known type text using known::text`.execute(db);
  await sql`alter table dns_zones alter column known set default '[]'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dns_zones alter column known drop default`.execute(db);
  await sql`alter table dns_zones alter column known type jsonb using known::jsonb`.execute(db);
  await sql`alter table dns_zones alter column known set default '[]'`.execute(db);
  await sql`alter table dns_zones drop column records`.execute(db);
  await sql`drop index dns_rrset_changes_zone_idx`.execute(db);
}
