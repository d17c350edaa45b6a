import type { ColumnType } from 'kysely';

// Table types of migrations/0032_mailbox_state.ts, merged into the Database type in schema.ts.

export type MailboxStateTable = {
  /** Which mailbox: "env" for IMAP_URL, "organization:<id>" for an organization's rua mailbox. */
  mailbox: string;
  uidvalidity: string;
  uid: ColumnType<string, number | string, number | string>;
  failures: number;
  last_error: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type MailboxTables = { mailbox_state: MailboxStateTable };
