import { sql, type Kysely } from 'kysely';

// Outside recipients (docs/DIGESTS.md "Who gets the mail"): an address that is not a member's gets the
// console's mail (digests, scheduled reports, alerts) only once its owner confirmed it (docs/DIGESTS.md, "Who
// gets the mail").
// - recipient_addresses: one row per organization and address: waiting (a link was or will be mailed),
//   confirmed, or declined (never mailed again, no new link). The link's token is kept as its SHA-256 only.
// - alert_mail_cooldowns: when an address last got an alert mail of a condition from the organization, so a
//   deleted and re-created rule does not start a new cool-down (docs/ALERTS.md, "Cool-down").
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table recipient_addresses (
      organization_id integer not null references organizations (id) on delete cascade,
      address text not null,
      state text not null default 'waiting' check (state in ('waiting', 'confirmed', 'declined')),
      token_hash text,
      token_expires_at timestamptz,
      confirmation_sent_at timestamptz,
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      primary key (organization_id, address)
    )`.execute(db);
  await sql`create index recipient_addresses_token_idx on recipient_addresses (organization_id, token_hash)`.execute(
    db,
  );
  await sql`create table alert_mail_cooldowns (
      organization_id integer not null references organizations (id) on delete cascade,
      address text not null,
      condition text not null,
      mailed_at timestamptz not null,
      primary key (organization_id, address, condition)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table alert_mail_cooldowns`.execute(db);
  await sql`drop table recipient_addresses`.execute(db);
}
