import { sql, type Kysely } from 'kysely';

// Which organizations signed themselves up (POST /register-client/): while billing is on, one that never
// subscribed has a free trial of BILLING_TRIAL_DAYS from its creation, then is read-only (docs/BILLING.md,
// "Before a first plan"). Organizations the operator makes (first start, the CLI, support's onboarding) are
// not on it. Existing ones are known by their owner, whom sign-up makes a client.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organizations add column self_registered boolean not null default false`.execute(db);
  await sql`update organizations o set self_registered = true
    from users u where u.id = o.owner_id and u.role = 'client'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organizations drop column self_registered`.execute(db);
}
