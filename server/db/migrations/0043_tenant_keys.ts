import { sql, type Kysely } from 'kysely';

// Invitations are keyed by organization, as a table distributed by organization_id needs (Citus enforces a
// primary or unique key only within one shard, so every key holds the distribution column; docs/SCALING.md).
// The token is still found by its hash alone when an invitee accepts, before the organization is known:
// a plain index serves that lookup, and a 256-bit random token needs no instance-wide uniqueness.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member_registrations
              drop constraint member_registrations_pkey,
              add constraint member_registrations_pkey primary key (organization_id, id),
              drop constraint member_registrations_token_hash_key,
              add constraint member_registrations_token_hash_key unique (organization_id, token_hash)`.execute(
    db,
  );
  await sql`create index member_registrations_token_hash_idx on member_registrations (token_hash)`.execute(
    db,
  );
  // Lookups by id alone (resend, cancel) stay indexed.
  await sql`create index member_registrations_id_idx on member_registrations (id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index member_registrations_id_idx`.execute(db);
  await sql`drop index member_registrations_token_hash_idx`.execute(db);
  await sql`alter table member_registrations
              drop constraint member_registrations_token_hash_key,
              add constraint member_registrations_token_hash_key unique (token_hash),
              drop constraint member_registrations_pkey,
              add constraint member_registrations_pkey primary key (id)`.execute(db);
}
