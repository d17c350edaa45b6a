import { sql, type Kysely } from 'kysely';

// Received reports: original files, DMARC aggregate reports with their records and auth results, per-day
// rollups for the dashboards, TLS (RFC 8460) and failure (RFC 6591) reports, and the per-IP enrichment cache.
// organization_id is null while nobody has registered the report's policy domain ("kept aside").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('sha256', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('dmarc_reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('org_name', 'text', (c) => c.notNull())
    .addColumn('report_id', 'text', (c) => c.notNull())
    .addColumn('begin_date', 'timestamptz', (c) => c.notNull())
    .addColumn('end_date', 'timestamptz', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('extra_contact_info', 'text')
    .addColumn('version', 'text')
    .addColumn('generator', 'text')
    .addColumn('errors', 'jsonb', (c) => c.notNull())
    .addColumn('policy', 'jsonb', (c) => c.notNull())
    .addColumn('extensions', 'jsonb')
    .addColumn('warnings', 'jsonb', (c) => c.notNull())
    .addColumn('records_count', 'integer', (c) => c.notNull())
    .addColumn('messages_count', 'bigint', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.references('report_files.id').onDelete('set null'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The duplicate key (reporter org, report id, policy domain, begin, end): a second copy, even one arriving
  // at the same moment in another transaction, hits this index and is dropped by ON CONFLICT DO NOTHING.
  await db.schema
    .createIndex('dmarc_reports_key')
    .unique()
    .on('dmarc_reports')
    .columns(['org_name', 'report_id', 'domain', 'begin_date', 'end_date'])
    .execute();
  await db.schema
    .createIndex('dmarc_reports_org_idx')
    .on('dmarc_reports')
    .columns(['organization_id', 'begin_date'])
    .execute();
  await db.schema.createIndex('dmarc_reports_domain_idx').on('dmarc_reports').column('domain').execute();

  await db.schema
    .createTable('dmarc_records')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('report_id', 'integer', (c) => c.notNull().references('dmarc_reports.id').onDelete('cascade'))
    .addColumn('source_ip', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('disposition', 'text', (c) => c.notNull())
    .addColumn('dkim', 'text', (c) => c.notNull())
    .addColumn('spf', 'text', (c) => c.notNull())
    .addColumn('reasons', 'jsonb', (c) => c.notNull())
    .addColumn('header_from', 'text', (c) => c.notNull())
    .addColumn('envelope_from', 'text')
    .addColumn('envelope_to', 'text')
    .addColumn('extensions', 'jsonb')
    .execute();
  await db.schema.createIndex('dmarc_records_report_idx').on('dmarc_records').column('report_id').execute();

  await db.schema
    .createTable('dmarc_dkim_results')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('record_id', 'integer', (c) => c.notNull().references('dmarc_records.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('selector', 'text')
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('human_result', 'text')
    .execute();
  await db.schema
    .createIndex('dmarc_dkim_results_record_idx')
    .on('dmarc_dkim_results')
    .column('record_id')
    .execute();
  await db.schema
    .createIndex('dmarc_dkim_results_domain_idx')
    .on('dmarc_dkim_results')
    .column('domain')
    .execute();

  await db.schema
    .createTable('dmarc_spf_results')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('record_id', 'integer', (c) => c.notNull().references('dmarc_records.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('scope', 'text')
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('human_result', 'text')
    .execute();
  await db.schema
    .createIndex('dmarc_spf_results_record_idx')
    .on('dmarc_spf_results')
    .column('record_id')
    .execute();

  // Dashboards read only this table. sender_service is a function of source_ip, filled in by enrichment.
  await db.schema
    .createTable('dmarc_rollups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('organization_id', 'integer', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('source_ip', 'text', (c) => c.notNull())
    .addColumn('sender_service', 'text')
    .addColumn('dkim_auth', 'boolean', (c) => c.notNull())
    .addColumn('spf_auth', 'boolean', (c) => c.notNull())
    .addColumn('dkim_aligned', 'boolean', (c) => c.notNull())
    .addColumn('spf_aligned', 'boolean', (c) => c.notNull())
    .addColumn('dmarc_pass', 'boolean', (c) => c.notNull())
    .addColumn('disposition', 'text', (c) => c.notNull())
    .addColumn('messages', 'bigint', (c) => c.notNull())
    .addColumn('records', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dmarc_rollups_key')
    .unique()
    .on('dmarc_rollups')
    .columns([
      'organization_id',
      'domain',
      'day',
      'source_ip',
      'dkim_auth',
      'spf_auth',
      'dkim_aligned',
      'spf_aligned',
      'disposition',
    ])
    .execute();
  await db.schema
    .createIndex('dmarc_rollups_org_day_idx')
    .on('dmarc_rollups')
    .columns(['organization_id', 'day'])
    .execute();
  await db.schema.createIndex('dmarc_rollups_ip_idx').on('dmarc_rollups').column('source_ip').execute();

  for (const table of ['tls_reports', 'failure_reports'] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('organization_id', 'integer', (c) => c.references('organizations.id').onDelete('cascade'))
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('org_name', 'text', (c) => c.notNull())
      .addColumn('report_id', 'text', (c) => c.notNull())
      .addColumn('begin_date', 'timestamptz', (c) => c.notNull())
      .addColumn('end_date', 'timestamptz', (c) => c.notNull())
      .addColumn('records_count', 'integer', (c) => c.notNull())
      .addColumn('messages_count', 'bigint', (c) => c.notNull())
      .addColumn('summary', 'jsonb', (c) => c.notNull())
      .addColumn('details', 'jsonb', (c) => c.notNull())
      .addColumn('warnings', 'jsonb', (c) => c.notNull())
      .addColumn('file_id', 'integer', (c) => c.references('report_files.id').onDelete('set null'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex(`${table}_key`)
      .unique()
      .on(table)
      .columns(['org_name', 'report_id', 'domain', 'begin_date', 'end_date'])
      .execute();
    await db.schema
      .createIndex(`${table}_org_idx`)
      .on(table)
      .columns(['organization_id', 'begin_date'])
      .execute();
  }

  await db.schema
    .createTable('ip_enrichment')
    .addColumn('ip', 'text', (c) => c.primaryKey())
    .addColumn('ptr', 'text')
    .addColumn('base_domain', 'text')
    .addColumn('sender_service', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resolved_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('ip_enrichment_status_idx').on('ip_enrichment').column('status').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'ip_enrichment',
    'failure_reports',
    'tls_reports',
    'dmarc_rollups',
    'dmarc_spf_results',
    'dmarc_dkim_results',
    'dmarc_records',
    'dmarc_reports',
    'report_files',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
