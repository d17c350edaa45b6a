import type { ColumnType, Generated } from 'kysely';

// Table types of migrations/0045_alerts.ts, merged into the Database type in schema.ts. Identities are
// bigint: pg hands them back as strings, PGlite as numbers; read them through Number().

// Typed as numbers for comparisons; a read value may still be a string on pg (bigint).
type BigId = Generated<number>;
type BigRef = number;
type Json<T> = ColumnType<T, string, string>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type MaybeStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Day = ColumnType<Date | string, string, string>;

export type AlertScopeType = 'domain' | 'domain_group' | 'organization' | 'ip';
export type AlertStateName = 'ok' | 'firing' | 'resolved';

export type AlertRulesTable = {
  organization_id: number;
  id: BigId;
  owner_id: number | null;
  creator_email: string;
  name: Generated<string>;
  scope_type: AlertScopeType;
  target_selection: Generated<string>;
  condition: string;
  time_frame: string;
  params: Json<Record<string, number | string | boolean>>;
  destination_addresses: Json<string[]>;
  language: Generated<string>;
  is_active: Generated<boolean>;
  cooldown_minutes: Generated<number>;
  webhook_url: string | null;
  webhook_secret_enc: string | null;
  webhook_format: Generated<string>;
  /** PagerDuty's routing key, encrypted: write-only on the wire. */
  webhook_routing_key_enc: string | null;
  delivery_failures: Generated<number>;
  last_delivery_error: string | null;
  last_delivery_at: MaybeStamp;
  last_evaluated_at: MaybeStamp;
  last_notified_at: MaybeStamp;
  created_at: Stamp;
  updated_at: Stamp;
};

export type AlertStatesTable = {
  organization_id: number;
  rule_id: BigRef;
  subject: string;
  state: AlertStateName;
  day: ColumnType<Date | string | null, string | null, string | null>;
  since: Stamp;
  observed: Json<Record<string, number | string>>;
};

export type AlertFiringsTable = {
  organization_id: number;
  id: BigId;
  rule_id: BigRef;
  subject: string;
  kind: 'firing' | 'recovery';
  day: Day;
  observed: Json<Record<string, number | string>>;
  fired_at: Stamp;
  /** Not yet in an e-mail: waits for the rule's cool-down to end (docs/ALERTS.md). */
  pending: Generated<boolean>;
  emails_sent: Generated<number>;
  outbox_ids: Json<number[]>;
  /** The incident this firing opened was acknowledged: no more mail about it until it recovers. */
  acknowledged_at: MaybeStamp;
  acknowledged_by: string | null;
  /** Its mail waits until then (docs/ALERTS.md). */
  snoozed_until: MaybeStamp;
};

export type AlertTables = {
  alert_rules: AlertRulesTable;
  alert_states: AlertStatesTable;
  alert_firings: AlertFiringsTable;
};
