import type { ColumnType } from 'kysely';

// Table types of migrations/0033_analytics_summaries.ts, merged into the Database type in schema.ts. The
// summaries are written only by folding the deltas the dmarc_rollups triggers queue in analytics_pending
// (server/modules/analytics/summaries/summaries-fold.ts; that queue is read and written by raw SQL only).

type Sum = ColumnType<string | number, string | number, string | number>;

/** Per (organization, day, policy domain): the sums the overview, the time series and by-domain read. */
export type AnalyticsDomainDaysTable = {
  organization_id: number;
  day: ColumnType<string, string, string>;
  domain: string;
  records: Sum;
  messages: Sum;
  dkim_passed: Sum;
  spf_passed: Sum;
  dmarc_passed: Sum;
  dkim_and_spf: Sum;
  /** DMARC failed, but some raw DKIM or SPF result passed (verification.passed). */
  auth_unaligned: Sum;
};

/** Per (organization, day, sender service; '' when unattributed): the sums by-sender reads. */
export type AnalyticsSenderDaysTable = {
  organization_id: number;
  day: ColumnType<string, string, string>;
  sender_service: string;
  records: Sum;
  messages: Sum;
  dkim_passed: Sum;
  spf_passed: Sum;
  dmarc_passed: Sum;
};

/** Per (organization, dyadic span of 2^lvl days from start, source IP, sender service): by IP. */
export type AnalyticsIpSpansTable = {
  organization_id: number;
  lvl: number;
  start: ColumnType<string, string, string>;
  source_ip: string;
  sender_service: string;
  records: Sum;
  messages: Sum;
  dkim_passed: Sum;
  spf_passed: Sum;
  dmarc_passed: Sum;
};

/**
 * Per (organization, sender service, aligned 64-day block, policy domain): the record count of each day of the
 * block (migration 0035), for the distinct domains of a sender in any window.
 */
export type AnalyticsSenderDomainBlocksTable = {
  organization_id: number;
  sender_service: string;
  start: ColumnType<string, string, string>;
  domain: string;
  days: number[];
};

export type SummaryTables = {
  analytics_sender_domain_blocks: AnalyticsSenderDomainBlocksTable;
  analytics_ip_spans: AnalyticsIpSpansTable;
  analytics_domain_days: AnalyticsDomainDaysTable;
  analytics_sender_days: AnalyticsSenderDaysTable;
};
