import type { ReportSource } from '../db/schema-reports';
import type { MemoryHook, Report } from '../dmarc/types';

/** Called after each storage stage inside the report's transaction; tests throw from it to inject a crash. */
export type StageHook = (stage: 'report' | 'records' | 'rollups', reportId: string) => void | Promise<void>;

export type IncomingFile = { name: string; bytes: Buffer; source: ReportSource };

/** A report's own bytes when they are not the whole received file (a zip member, an attachment). */
export type OwnFile = { file: IncomingFile; digest: string };

export type ReportStatus = 'imported' | 'duplicate' | 'rejected';

export type StoredReport = {
  kind: Report['kind'];
  status: ReportStatus;
  id: number | null;
  organizationId: number | null;
  orgName: string;
  reportId: string;
  domain: string;
  records: number;
  messages: number;
  /** The report's period, in seconds since the epoch (retention counts from it: retention-note.ts). */
  begin: number;
  end: number;
  reason?: string;
};

/**
 * One line of `msas import --json` (docs/INGESTION.md "Sources"), also the per-file result of the upload API.
 */
export type FileResult = {
  file: string;
  status: 'imported' | 'duplicate' | 'rejected';
  kind: Report['kind'] | null;
  reason: string | null;
  org_name: string | null;
  report_id: string | null;
  domain: string | null;
  records: number;
  messages: number;
  warnings: string[];
  /** How long the file's stored reports stay (retention-note.ts); null when none was stored. */
  retention: RetentionNote | null;
};

/**
 * What retention does to a file's reports: kept through `kept_until` (a UTC day: the earliest of its
 * reports), or `expired` (already older than the retention: removed by the next retention run, hourly).
 * `held`: no organization claims the reports; they wait the default retention for a domain to claim them.
 */
export type RetentionNote = { days: number; kept_until: string; expired: boolean; held: boolean };

export type IngestOptions = {
  stage?: StageHook;
  /**
   * Uploads: only reports for domains this organization registered are accepted (others are rejected with a
   * reason), so nobody can put data into another tenant's dashboards. Unset for the rua mailbox and the CLI.
   */
  onlyOrganization?: number;
  /**
   * The organizations the file was addressed to (their own report address in the SMTP envelope or the
   * mailbox headers; the uploader's or mailbox owner's organization): routing by address comes before
   * routing by name (ownership.ts).
   */
  addressedTo?: number[];
  /** Parser caps (bytes): see server/dmarc/types.ts ParseOptions. */
  maxDecompressedBytes?: number;
  /** Memory shared by concurrent uploads (server/lib/memory-budget.ts); main-thread parsing only. */
  memory?: MemoryHook;
};
