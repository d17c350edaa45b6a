import { defaultBenefits } from '../../contract/auth';
import type { Db } from '../db/database';
import { utcDay } from './clean';
import { retentionDays } from './retention';
import type { FileResult, RetentionNote, StoredReport } from './types';

// Reports older than their organization's retention are stored like any other and removed by the next
// retention run (retention.ts, hourly): the upload and `msas import` say so, per file, instead of letting an
// imported archive vanish without a word (docs/INGESTION.md, "Retention at import"). The rules mirror
// purgeExpiredReports: aggregate reports by the UTC day they begin, TLS and failure reports by their end,
// reports nobody claims by the day they arrive.

const daySeconds = 86_400;

/** The retention (days) of an organization, read once per lookup. */
export type RetentionLookup = (organizationId: number) => Promise<number>;

export function retentionLookup(db: Db): RetentionLookup {
  const known = new Map<number, Promise<number>>();
  return (id) => {
    let days = known.get(id);
    if (!days) {
      days = db
        .selectFrom('organizations')
        .select(['benefits', 'settings'])
        .where('id', '=', id)
        .executeTakeFirst()
        .then((org) => (org ? retentionDays(org.benefits, org.settings) : defaultBenefits.retention));
      known.set(id, days);
    }
    return days;
  };
}

function noteOf(report: StoredReport, organizationId: number | null, days: number, now: Date): RetentionNote {
  const today = now.toISOString().slice(0, 10);
  let keptUntil: string;
  if (organizationId === null) keptUntil = utcDay(now.getTime() / 1000 + days * daySeconds);
  else if (report.kind === 'aggregate') keptUntil = utcDay(report.begin + days * daySeconds);
  else keptUntil = utcDay(report.end + days * daySeconds);
  return { days, kept_until: keptUntil, expired: keptUntil < today, held: organizationId === null };
}

/**
 * The file's result with what retention does to its stored reports (the earliest to go). `owner`: the
 * organization a duplicate belongs to when the caller knows it (an upload is only ever for the uploader's).
 */
export async function withRetentionNote(
  result: FileResult,
  reports: StoredReport[],
  lookup: RetentionLookup,
  now: Date,
  owner?: number,
): Promise<FileResult> {
  let earliest: RetentionNote | null = null;
  for (const r of reports) {
    if (r.status === 'rejected') continue;
    const org = r.status === 'imported' ? r.organizationId : (owner ?? undefined);
    if (org === undefined) continue;
    const days = org === null ? defaultBenefits.retention : await lookup(org);
    const note = noteOf(r, org, days, now);
    if (!earliest || note.kept_until < earliest.kept_until) earliest = note;
  }
  return { ...result, retention: earliest };
}
