import { sql, type Kysely } from 'kysely';

// The outbound mail budget (docs/OPERATIONS.md, "Mail budget"): a message carries the organization it is sent
// for (null for account mail: resets, sign-up), and past the organization's budget for the hour it is held
// (held_at), never deleted, until a summary (summary_id, the summary's outbox row) tells its recipient. The
// budget is counted per organization and hour in mail_budget_hours, one row each: the upsert's row lock
// orders concurrent senders, so two transactions cannot both take the last message of an hour.
// claimed_at marks a delivery in flight (cleared when it ends), so the claim of a process that died can be
// told from the back-off of a failed attempt. relay_unreachable: the last attempt never reached the relay
// (refused connection, timeout), so the message is due again as soon as the relay answers, not after its
// back-off.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox
    add column organization_id bigint references organizations (id) on delete set null,
    add column held_at timestamptz,
    add column summary_id bigint,
    add column claimed_at timestamptz,
    add column relay_unreachable boolean not null default false`.execute(db);
  await sql`create index outbox_held on outbox (organization_id, held_at)
    where held_at is not null and summary_id is null`.execute(db);
  await sql`create table mail_budget_hours (
    organization_id bigint not null references organizations (id) on delete cascade,
    hour timestamptz not null,
    admitted integer not null,
    primary key (organization_id, hour))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mail_budget_hours`.execute(db);
  await sql`drop index outbox_held`.execute(db);
  await sql`alter table outbox drop column organization_id, drop column held_at, drop column summary_id,
    drop column claimed_at, drop column relay_unreachable`.execute(db);
}
