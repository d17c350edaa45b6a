import { sql, type Kysely } from 'kysely';

// Organizations, domains, domain groups, invitations, one-time account tokens, seen publications,
// per-organization dynamic settings.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  // The first owner of each existing organization becomes its owner.
  await sql`update organizations o set owner_id = (
      select min(u.id) from users u where u.organization_id = o.id and u.role in ('owner', 'client'))`.execute(
    db,
  );
  await db.schema.alterTable('users').addColumn('name', 'text').execute();

  await db.schema
    .createTable('domains')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('domains_organization_idx').on('domains').column('organization_id').execute();

  await db.schema
    .createTable('domain_groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('domain_groups_org_name_key', ['organization_id', 'name'])
    .execute();

  await db.schema
    .createTable('domain_group_domains')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('domain_groups.id').onDelete('cascade'))
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('domain_group_domains_pkey', ['group_id', 'domain_id'])
    .execute();

  await db.schema
    .createTable('user_domains')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_domains_pkey', ['user_id', 'domain_id'])
    .execute();

  await db.schema
    .createTable('member_registrations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('member')
        .check(sql`role in ('admin', 'member')`),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('sent_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('verify', 'reset')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('publication_seen')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('publication_id', 'integer', (c) =>
      c.notNull().references('publications.id').onDelete('cascade'),
    )
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('publication_seen_pkey', ['user_id', 'publication_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'publication_seen',
    'account_tokens',
    'member_registrations',
    'user_domains',
    'domain_group_domains',
    'domain_groups',
    'domains',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('users').dropColumn('name').execute();
  await db.schema.alterTable('organizations').dropColumn('settings').dropColumn('owner_id').execute();
}
