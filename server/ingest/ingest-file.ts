import type { Db } from '../db/database';
import type { ParsePool } from '../dmarc/parse-pool';
import { parseReportFile } from '../dmarc/parse-report-file';
import type { ParseOutcome } from '../dmarc/types';
import { countIngest } from '../lib/metrics';
import { sha256 } from './files';
import { storeBatch, type BatchOutcome, type ParsedFile } from './store-batch';
import type { FileResult, IncomingFile, IngestOptions, OwnFile, StoredReport } from './types';

// One received file in: parsed, then each report it holds stored all or nothing (store-batch.ts). A file
// that is not a report comes back rejected with the parser's reason; a storage failure (database down,
// injected crash) is thrown: that is an internal error, not a property of the file. Many files at once
// (CLI folders, benchmark): ingest-many.ts, same storage in batches.

export type ParsedOutcome = { file: IncomingFile; outcome: ParseOutcome; parsed: ParsedFile | null };

export async function parseIncoming(
  file: IncomingFile,
  options: IngestOptions = {},
  pool?: ParsePool,
): Promise<ParsedOutcome> {
  const parseOptions = { maxDecompressedBytes: options.maxDecompressedBytes, keepParts: true };
  const outcome = pool
    ? await pool.parse(file.bytes, parseOptions)
    : await parseReportFile(file.bytes, { ...parseOptions, memory: options.memory });
  if (!outcome.ok) return { file, outcome, parsed: null };
  const own = outcome.parts?.map((part): OwnFile | null =>
    part ? { file: { ...part, source: file.source }, digest: sha256(part.bytes) } : null,
  );
  return { file, outcome, parsed: { file, digest: sha256(file.bytes), reports: outcome.reports, own } };
}

/**
 * The file's result line from its parse outcome and stored reports (counted in the metrics); throws the
 * storage error if any.
 */
export function fileResult(item: ParsedOutcome, stored: BatchOutcome | null) {
  const { file, outcome } = item;
  if (!outcome.ok) {
    const result = rejected(file.name, outcome.reason);
    countIngest(file, result);
    return { result, reports: [] as StoredReport[] };
  }
  if (stored?.error !== undefined) throw stored.error;
  const reports = stored!.reports;
  const warnings = [...outcome.warnings];
  for (const r of outcome.reports) for (const w of r.warnings) if (!warnings.includes(w)) warnings.push(w);
  const first = reports[0];
  const status = (['imported', 'duplicate', 'rejected'] as const).find((s) =>
    reports.some((r) => r.status === s),
  )!;
  const result: FileResult = {
    file: file.name,
    status,
    kind: first.kind,
    reason: status === 'rejected' ? (first.reason ?? null) : null,
    org_name: first.orgName,
    report_id: first.reportId,
    domain: first.domain,
    records: reports.reduce((n, r) => n + r.records, 0),
    messages: reports.reduce((n, r) => n + r.messages, 0),
    warnings,
    retention: null,
  };
  countIngest(file, result);
  return { result, reports };
}

export async function ingestFile(db: Db, file: IncomingFile, options: IngestOptions = {}) {
  const item = await parseIncoming(file, options);
  const stored = item.parsed ? (await storeBatch(db, [item.parsed], options))[0] : null;
  return fileResult(item, stored);
}

export function rejected(file: string, reason: string): FileResult {
  return {
    file,
    status: 'rejected',
    kind: null,
    reason,
    org_name: null,
    report_id: null,
    domain: null,
    records: 0,
    messages: 0,
    warnings: [],
    retention: null,
  };
}
