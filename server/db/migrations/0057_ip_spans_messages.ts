import { sql, type Kysely } from 'kysely';

// By IP without a domain filter sums analytics_ip_spans per IP over the spans that tile the window (about 150k
// rows at 90 days for 50,000 IPs), ordered by messages unless asked otherwise. With the IP, messages and
// records in an index in span order, that read is an index-only scan: no visit to the table's pages
// (`npm run bench:analytics`, docs/PERFORMANCE.md "Analytics queries").

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index analytics_ip_spans_messages_idx on analytics_ip_spans
    (organization_id, lvl, start) include (source_ip, messages, records)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index analytics_ip_spans_messages_idx`.execute(db);
}
