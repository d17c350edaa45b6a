import { sql, type Kysely } from 'kysely';

// Account addresses become unique, case-insensitively, and a change of address waits for confirmation.
// - A username is the login name: two that differ only in case make a login ambiguous. Such rows can only come
//   from direct SQL, so the migration stops and names them instead of guessing which account keeps its name.
// - Addresses were shared legitimately (an invitee with an account elsewhere got a second account with the
//   same address). Those rows keep working: every row but the oldest of each shared address is marked
//   shared_email and left out of the unique index; a new address, or a changed one, is always unique.
// - Deleted accounts keep an empty address (server/modules/users/deletion.ts), which is not an address.
// - email_changes holds a requested address until its owner follows the e-mailed link: the token only as its
//   SHA-256, single use, expiring; password_fingerprint ties it to the password of the moment, so changing
//   the password voids a change someone else asked for.

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ name: string; ids: string }>`
    select lower(username) as name, string_agg(id::text, ', ' order by id) as ids
    from users group by lower(username) having count(*) > 1 order by 1`.execute(db);
  if (rows.length > 0) {
    const list = rows.map((r) => `${r.name} (user ids ${r.ids})`).join('; ');
    throw new Error(
      `Migration 0041 stopped: these usernames differ only in case, so logging in with them is ambiguous: ${list}. ` +
        'Rename all but one of each (see docs/OPERATIONS.md, "Unique addresses"), then start again.',
    );
  }
  await sql`create unique index users_username_lower_key on users (lower(username))`.execute(db);

  await db.schema
    .alterTable('users')
    .addColumn('shared_email', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`update users u set shared_email = true
    where u.email <> '' and exists (
      select 1 from users o where lower(o.email) = lower(u.email) and o.id < u.id)`.execute(db);
  await sql`create unique index users_email_lower_key on users (lower(email))
    where email <> '' and not shared_email`.execute(db);

  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('password_fingerprint', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('email_changes_user_idx').on('email_changes').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_changes').ifExists().execute();
  await sql`drop index if exists users_email_lower_key`.execute(db);
  await db.schema.alterTable('users').dropColumn('shared_email').execute();
  await sql`drop index if exists users_username_lower_key`.execute(db);
}
