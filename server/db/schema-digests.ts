import type { ColumnType, Generated } from 'kysely';

// Table types of migrations/0047_digest_reports.ts, merged into the Database type in schema.ts. Identities
// are bigint: the driver may hand them back as strings, so code reads them through Number().

type BigId = ColumnType<string | number, never, never>;

export type DigestSchedulesTable = {
  organization_id: number;
  id: BigId;
  type: 'scheduled' | 'weekly' | 'monthly';
  name: string;
  frequency: 'daily' | 'weekly' | 'monthly';
  day_of_week: number | null;
  day_of_month: number | null;
  hour: number;
  time_zone: string;
  time_frame: string;
  all_domains: Generated<boolean>;
  domain_group_id: number | null;
  specific_domains: ColumnType<number[], number[] | undefined, number[]>;
  include_details_per_system: Generated<boolean>;
  include_aggregation_by_ip: Generated<boolean>;
  include_aggregation_by_sender_service: Generated<boolean>;
  destination_addresses: ColumnType<string[], string[] | undefined, string[]>;
  quiet_week: Generated<'send' | 'skip'>;
  language: Generated<'en' | 'pt'>;
  created_by: number | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type DigestSendsTable = {
  organization_id: number;
  id: BigId;
  schedule_id: ColumnType<string | number, number, never>;
  period_key: string;
  period_begin: string;
  period_end: string;
  kind: 'scheduled' | 'late' | 'manual';
  status: 'sent' | 'quiet' | 'skipped';
  recipients: Generated<number>;
  messages: ColumnType<string | number, number | undefined, number>;
  created_at: ColumnType<Date, never, never>;
};

export type DigestTables = { digest_schedules: DigestSchedulesTable; digest_sends: DigestSendsTable };
