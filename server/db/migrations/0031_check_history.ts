import { sql, type Kysely } from 'kysely';

// Stored domain checks (docs/CHECKS.md): the latest result per domain and system, and the DNS history items
// the scheduled re-check writes when a record set changes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('check_results')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('system', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('score', 'integer')
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('warnings', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('result', 'jsonb')
    .addUniqueConstraint('check_results_domain_system_key', ['domain_id', 'system'])
    .execute();
  // The analysis list reads one system across many domains.
  await db.schema
    .createIndex('check_results_system_idx')
    .on('check_results')
    .columns(['system', 'domain_id'])
    .execute();
  await db.schema
    .createTable('check_history')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('domain_id', 'integer', (c) => c.notNull().references('domains.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('date', 'timestamptz', (c) => c.notNull())
    .addColumn('rr_type', 'text', (c) => c.notNull())
    .addColumn('ttl', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .execute();
  // GET /v2/domains/{id}/history/{type}/ pages newest first; the re-check reads the latest set of a type.
  await db.schema
    .createIndex('check_history_domain_type_date_idx')
    .on('check_history')
    .columns(['domain_id', 'type', 'date desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('check_history').execute();
  await db.schema.dropTable('check_results').execute();
}
