import { sql, type Kysely } from 'kysely';

// Outbox delivery leaves the request: a request only queues its mail; delivery runs in the background and a
// periodic job retries what failed. `attempts` counts tries; `next_attempt_at` is both the claim (a sender
// moves it forward before it talks SMTP, so two senders never send one message) and the back-off. A row past
// the last attempt stays unsent in the table for the operator.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox add column attempts integer not null default 0,
    add column next_attempt_at timestamptz`.execute(db);
  await sql`create index outbox_unsent on outbox (next_attempt_at) where sent_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index outbox_unsent`.execute(db);
  await sql`alter table outbox drop column attempts, drop column next_attempt_at`.execute(db);
}
