import { sql, type Kysely } from 'kysely';

// A rule's webhook speaks one of several formats (generic JSON, Slack, Microsoft Teams, PagerDuty Events
// v2); PagerDuty's routing key is a secret, stored encrypted like the signature key. A firing (its incident)
// can be acknowledged (no more mail about it until it recovers) or snoozed (its mail waits until then).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table alert_rules
    add column webhook_format text not null default 'generic',
    add column webhook_routing_key_enc text`.execute(db);
  await sql`alter table alert_firings
    add column acknowledged_at timestamptz,
    add column acknowledged_by text,
    add column snoozed_until timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table alert_firings
    drop column acknowledged_at, drop column acknowledged_by, drop column snoozed_until`.execute(db);
  await sql`alter table alert_rules drop column webhook_format, drop column webhook_routing_key_enc`.execute(
    db,
  );
}
