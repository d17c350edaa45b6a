import type { Db } from '../../../server/db/database';
import { ensureMonths } from '../../../server/db/partitions';

type DkimResult = { domain: string; selector: string; result: string; human_result: string | null };

/**
 * One stored aggregate report of `domain` with one record carrying the given DKIM results, written straight
 * into the tables (tests of readers that need a report without going through ingest).
 */
export async function storeReportWithDkim(
  db: Db,
  r: {
    organizationId: number;
    domain: string;
    reportId: string;
    begin: string;
    end: string;
    recordId: number;
  },
  record: { dkim: 'pass' | 'fail'; dkimResults: DkimResult[] },
): Promise<void> {
  const report = await db
    .insertInto('dmarc_reports')
    .values({
      organization_id: r.organizationId,
      domain: r.domain,
      org_name: 'receiver.example',
      report_id: r.reportId,
      begin_date: r.begin,
      end_date: r.end,
      email: 'noreply@receiver.example',
      errors: '[]',
      policy: JSON.stringify({ adkim: 'r', aspf: 'r', p: 'reject' }),
      extensions: null,
      warnings: '[]',
      records_count: 1,
      messages_count: 1,
      source: 'cli',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const day = r.begin.slice(0, 10);
  await ensureMonths(db, [day]);
  await db
    .insertInto('dmarc_records')
    .values({
      id: r.recordId,
      report_id: report.id,
      organization_id: r.organizationId,
      day,
      source_ip: '192.0.2.10',
      count: 1,
      disposition: 'none',
      dkim: record.dkim,
      spf: 'pass',
      reasons: '[]',
      header_from: r.domain,
      envelope_from: null,
      envelope_to: null,
      extensions: null,
      dkim_results: JSON.stringify(record.dkimResults),
    })
    .execute();
}
