import { sql, type Kysely } from 'kysely';

// users.language null: the user never chose a language. The console then keeps the one chosen on the login
// page and stores it at that first sign-in; mail to such a user falls back to English (renderMail). Before,
// every account was created 'en', which overrode the login page's choice at first sign-in.
// Existing rows keep their value: whether it was chosen cannot be told apart any more.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users alter column language drop default`.execute(db);
  await sql`alter table users alter column language drop not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update users set language = 'en' where language is null`.execute(db);
  await sql`alter table users alter column language set not null`.execute(db);
  await sql`alter table users alter column language set default 'en'`.execute(db);
}
