import type { ColumnType, Generated } from 'kysely';

// Kysely types of the report tables (migration 0010_reports). Bigint columns come back as numbers (the
// database layer's int8 parser, server/db/int8.ts).

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;
type BigCount = ColumnType<number, number, number>;

export type ReportSource = 'upload' | 'cli' | 'imap' | 'smtp' | 'bench';

export type ReportFilesTable = {
  id: Generated<number>;
  sha256: string;
  name: string;
  size: number;
  content: Buffer;
  source: ReportSource;
  received_at: CreatedAt;
};

export type StoredPolicy = {
  adkim: string;
  aspf: string;
  p: string;
  sp: string | null;
  np: string | null;
  pct: number | null;
  fo: string | null;
  testing: string | null;
  discovery_method: string | null;
};

export type DmarcReportsTable = {
  id: Generated<number>;
  organization_id: number;
  domain: string;
  org_name: string;
  report_id: string;
  begin_date: Timestamp;
  end_date: Timestamp;
  email: string;
  extra_contact_info: string | null;
  version: string | null;
  generator: string | null;
  errors: Json<string[]>;
  policy: Json<StoredPolicy>;
  extensions: ColumnType<unknown, string | null, string | null>;
  warnings: Json<string[]>;
  records_count: number;
  messages_count: BigCount;
  /** The report's own bytes (served to its organization); see docs/INGESTION.md. */
  file_id: number | null;
  /** The file as received, which may hold other reports: for the operator, never served (0038). */
  received_file_id: ColumnType<number | null, number | null | undefined, number | null>;
  source: ReportSource;
  received_at: CreatedAt;
};

export type DmarcRecordsTable = {
  id: number;
  report_id: number;
  /** The report's organization, 0 while it is held; with day, the partition and distribution key (0042). */
  organization_id: number;
  /** UTC day of the report's begin, as its rollups carry it: the monthly partition key (0042). */
  day: ColumnType<Date | string, string, string>;
  source_ip: string;
  count: number;
  disposition: string;
  dkim: string;
  spf: string;
  reasons: Json<{ type: string; comment: string | null }[]>;
  header_from: string;
  envelope_from: string | null;
  envelope_to: string | null;
  extensions: ColumnType<unknown, string | null, string | null>;
  /** The record's auth results in report order (migration 0036_record_auth_results). */
  dkim_results: ColumnType<DkimResultJson[], string | undefined, string>;
  spf_results: ColumnType<SpfResultJson[], string | undefined, string>;
};

export type DkimResultJson = {
  domain: string;
  selector: string | null;
  result: string;
  human_result: string | null;
};
export type SpfResultJson = {
  domain: string;
  scope: string | null;
  result: string;
  human_result: string | null;
};

export type DmarcRollupsTable = {
  day: ColumnType<Date | string, string, string>;
  organization_id: number;
  domain: string;
  source_ip: string;
  sender_service: string | null;
  dkim_auth: boolean;
  spf_auth: boolean;
  dkim_aligned: boolean;
  spf_aligned: boolean;
  dmarc_pass: boolean;
  disposition: string;
  messages: BigCount;
  records: number;
};

/** tls_reports and failure_reports share one shape; `details` holds the parsed report. */
export type OtherReportsTable = {
  id: Generated<number>;
  organization_id: number;
  domain: string;
  org_name: string;
  report_id: string;
  begin_date: Timestamp;
  end_date: Timestamp;
  records_count: number;
  messages_count: BigCount;
  summary: Json<Record<string, unknown>>;
  details: Json<unknown>;
  warnings: Json<string[]>;
  /** The report's own bytes (served to its organization); see docs/INGESTION.md. */
  file_id: number | null;
  /** The file as received, which may hold other reports: for the operator, never served (0038). */
  received_file_id: ColumnType<number | null, number | null | undefined, number | null>;
  source: ReportSource;
  received_at: CreatedAt;
};

export type IpEnrichmentTable = {
  ip: string;
  ptr: string | null;
  base_domain: string | null;
  sender_service: string | null;
  status: Generated<'pending' | 'done' | 'failed'>;
  attempts: Generated<number>;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

/** A report no organization owns yet (migrations 0048, 0058): stored when its domain is verified. */
export type HeldReportsTable = {
  /** Drawn from its kind's report table sequence and kept when the report is stored. */
  id: number;
  kind: 'aggregate' | 'tls' | 'failure';
  domain: string;
  org_name: string;
  report_id: string;
  begin_date: Timestamp;
  end_date: Timestamp;
  /** The parsed report, json (TLS and failure dates as ISO text; an aggregate report with its records). */
  report: Json<unknown>;
  file_id: number | null;
  received_file_id: number | null;
  source: ReportSource;
  received_at: CreatedAt;
};

export type ReportTables = {
  report_files: ReportFilesTable;
  dmarc_reports: DmarcReportsTable;
  dmarc_records: DmarcRecordsTable;
  dmarc_rollups: DmarcRollupsTable;
  tls_reports: OtherReportsTable;
  failure_reports: OtherReportsTable;
  held_reports: HeldReportsTable;
  ip_enrichment: IpEnrichmentTable;
};
