import { sql, type Kysely } from 'kysely';

// Delist requests made from the IP verify page for addresses in our own reputation zone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('delist_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('zone', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('requester_ip', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('outbox_id', 'integer', (c) => c.references('outbox.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('delist_requests_target_idx')
    .on('delist_requests')
    .columns(['target', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('delist_requests').execute();
}
