import type { ColumnType, Generated } from 'kysely';

// Table types of migrations/0031_check_history.ts (organization_id since 0046), merged into the Database type in schema.ts.

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export type CheckStatus = 'pass' | 'warning' | 'fail';
export type HistoryType = 'dmarc' | 'spf' | 'dns' | 'ns' | 'mtaSts' | 'dkim';

/** The latest result of one system (dmarc, spf, smtp, tls, mta-sts, dkim, dnssec) for one domain. */
export type CheckResultsTable = {
  id: Generated<number>;
  organization_id: number;
  domain_id: number;
  system: string;
  status: CheckStatus;
  score: number | null;
  checked_at: Timestamp;
  warnings: Json<unknown[]>;
  /** The wire (snake_case) result document of the checker. */
  result: Json<unknown>;
};

/** One DNS record of a record set as it was when the set last changed (every item of a change shares date). */
export type CheckHistoryTable = {
  id: Generated<number>;
  organization_id: number;
  domain_id: number;
  type: HistoryType;
  date: Timestamp;
  rr_type: string;
  ttl: number;
  content: string;
};

export type CheckTables = { check_results: CheckResultsTable; check_history: CheckHistoryTable };
