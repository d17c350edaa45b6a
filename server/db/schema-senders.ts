import type { ColumnType, Generated } from 'kysely';

// Table types of migrations/0030_email_senders.ts, merged into the Database type in schema.ts.

type JsonDefault<T> = ColumnType<T, string | undefined, string>;

/** One installation-wide catalogue entry: who sends mail from which networks / reverse-DNS names. */
export type EmailSendersTable = {
  id: Generated<number>;
  name: string;
  logo: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  logo_mime: ColumnType<string | null, string | null | undefined, string | null>;
  /** Bumped on each logo change so the public logo URL can be cached forever. */
  logo_version: ColumnType<number, number | undefined, number>;
  spf_includes: JsonDefault<string[]>;
  reverse_dns_suffixes: JsonDefault<string[]>;
  created_date: ColumnType<Date, Date | string | undefined, never>;
};

export type EmailSenderNetworksTable = {
  id: Generated<number>;
  sender_id: number;
  /** A CIDR (PostgreSQL cidr), read back as text like 192.0.2.0/24. */
  range: string;
};

export type SenderTables = {
  email_senders: EmailSendersTable;
  email_sender_networks: EmailSenderNetworksTable;
};
