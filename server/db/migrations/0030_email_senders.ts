import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { parse } from 'yaml';
import { serverFile } from '../../lib/server-files';

// Email senders (spec section 3): one catalogue for the whole installation, since sender attribution is
// per source IP. Networks are CIDRs; an IP belongs to the sender of its longest matching prefix. The
// starter catalogue (server/modules/email-senders/starter-catalogue.yaml; not under data/, which is the
// git-ignored DATA_DIR) is loaded here, once, into the then empty table.

export const catalogueFile = serverFile('modules/email-senders/starter-catalogue.yaml');

type Entry = { name: string; spf_includes?: string[]; reverse_dns_suffixes?: string[]; networks?: string[] };

export async function loadCatalogue(db: Kysely<unknown>, file = catalogueFile): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from email_senders`.execute(db);
  if (rows[0].n > 0 || !fs.existsSync(file)) return 0;
  const doc = parse(fs.readFileSync(file, 'utf8')) as { senders?: Entry[] } | null;
  const entries = doc?.senders ?? [];
  for (const e of entries) {
    const { rows: made } = await sql<{ id: number }>`insert into email_senders
        (name, spf_includes, reverse_dns_suffixes)
      values (${e.name}, ${JSON.stringify(e.spf_includes ?? [])}::jsonb,
        ${JSON.stringify(e.reverse_dns_suffixes ?? [])}::jsonb)
      returning id`.execute(db);
    for (const range of e.networks ?? [])
      await sql`insert into email_sender_networks (sender_id, range)
        values (${made[0].id}, ${range}::cidr)`.execute(db);
  }
  return entries.length;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_senders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo', 'bytea')
    .addColumn('logo_mime', 'text')
    .addColumn('logo_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('spf_includes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('reverse_dns_suffixes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Names are unique regardless of case ("SendGrid" and "sendgrid" are one sender).
  await sql`create unique index email_senders_name_key on email_senders (lower(name))`.execute(db);

  await db.schema
    .createTable('email_sender_networks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('email_senders.id').onDelete('cascade'))
    .addColumn('range', sql`cidr`, (c) => c.notNull())
    .addUniqueConstraint('email_sender_networks_key', ['sender_id', 'range'])
    .execute();
  // Containment (ip <<= range) for attribution and recalculation.
  await sql`create index email_sender_networks_range_idx on email_sender_networks
    using gist (range inet_ops)`.execute(db);

  // The sender-service aggregation and drill-downs filter rollups by sender within an organization's days.
  await db.schema
    .createIndex('dmarc_rollups_org_sender_day_idx')
    .on('dmarc_rollups')
    .columns(['organization_id', 'sender_service', 'day'])
    .execute();

  await loadCatalogue(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('dmarc_rollups_org_sender_day_idx').ifExists().execute();
  await db.schema.dropTable('email_sender_networks').ifExists().execute();
  await db.schema.dropTable('email_senders').ifExists().execute();
}
