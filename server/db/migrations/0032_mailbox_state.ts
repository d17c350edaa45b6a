import { sql, type Kysely } from 'kysely';

// Failed import attempts per mailbox message, so a restart of the poller does not give a failing message
// fresh tries (server/mail/inbound/mailbox-state.ts). A message is known by its mailbox, the folder's
// UIDVALIDITY and its UID (RFC 9051 §2.3.1.1: the pair names one message for good).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mailbox_state')
    .addColumn('mailbox', 'text', (c) => c.notNull())
    .addColumn('uidvalidity', 'text', (c) => c.notNull())
    .addColumn('uid', 'bigint', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('mailbox_state_pkey', ['mailbox', 'uidvalidity', 'uid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mailbox_state').ifExists().execute();
}
