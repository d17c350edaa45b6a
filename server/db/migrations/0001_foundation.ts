import { sql, type Kysely } from 'kysely';

// Foundation tables: organizations, users and their auth state, audit, outbox, publications, settings.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('benefits', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('is_stripe', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('subscription_status', 'text')
    .addColumn('trial_end_date', 'date')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_support', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('alerts_email', 'text')
    .addColumn('layout_theme', 'text', (c) =>
      c
        .notNull()
        .defaultTo('primaryTheme')
        .check(sql`layout_theme in ('primaryTheme', 'carrierTheme')`),
    )
    .addColumn('language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(sql`language in ('en', 'pt')`),
    )
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('member')
        .check(sql`role in ('owner', 'admin', 'member', 'support', 'client')`),
    )
    .addColumn('totp_secret_enc', 'text')
    .addColumn('totp_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('totp_last_step', 'integer')
    .addColumn('stripe_customer_id', 'text')
    .addColumn('last_login', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('users_organization_idx').on('users').column('organization_id').execute();
  await db.schema
    .createIndex('users_email_lower_idx')
    .on('users')
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hmac', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('recovery_codes_user_hmac_key', ['user_id', 'hmac'])
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema
    .createIndex('refresh_tokens_expires_idx')
    .on('refresh_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_key_idx')
    .on('login_attempts')
    .columns(['key', 'attempted_at'])
    .execute();

  await db.schema
    .createTable('audit_operations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('request', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('response_status', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_operations_org_date_idx')
    .on('audit_operations')
    .columns(['organization_id', 'date'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('publications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'settings',
    'publications',
    'outbox',
    'audit_operations',
    'login_attempts',
    'refresh_tokens',
    'recovery_codes',
    'users',
    'organizations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
