import type { ColumnType } from 'kysely';

// Table types of migrations/0060_recipient_addresses.ts, merged into the Database type in schema.ts.

type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type RecipientState = 'waiting' | 'confirmed' | 'declined';

export type RecipientAddressesTable = {
  organization_id: number;
  address: string;
  state: ColumnType<RecipientState, RecipientState | undefined, RecipientState>;
  token_hash: string | null;
  token_expires_at: NullableTime;
  confirmation_sent_at: NullableTime;
  created_at: ColumnType<Date, never, never>;
  decided_at: NullableTime;
};

export type AlertMailCooldownsTable = {
  organization_id: number;
  address: string;
  condition: string;
  mailed_at: Time;
};

export type RecipientTables = {
  recipient_addresses: RecipientAddressesTable;
  alert_mail_cooldowns: AlertMailCooldownsTable;
};
