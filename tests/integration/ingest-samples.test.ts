import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { ingestFile } from '../../server/ingest/ingest-file';
import type { FileResult } from '../../server/ingest/types';
import { expectations, samplesDir } from '../fixtures/dmarc/sample-expectations';
import { openTestDatabase, type TestDatabase } from './support/db';
import {
  listFiles,
  makeOrganization,
  rollupsFromRecords,
  storedRollups,
  tableCounts,
} from './ingest-helpers';

// Every sample file imported in path order into one organization that registered every policy domain.
// A later copy of a report already imported (the same report gzipped, zipped, mailed, or a file carrying the
// same duplicate key) is a duplicate; these are the ones, in that order:
const duplicates = new Set([
  'dmarc-report-converter/pkg/dmarc/testdata/test.xml.gz',
  'dmarc-report-converter/pkg/dmarc/testdata/test.xml.gz.gz',
  'dmarc-report-converter/pkg/dmarc/testdata/test.xml.zip',
  // Same reporter, report id, domain and period as test.xml (its one record is empty): the key decides.
  'dmarc-report-converter/pkg/dmarc/testdata/test_empty.xml',
  'dmarc-report-visualizer/backend/test/reports/google.com!example.com!1701129600!1701215999.xml.gz',
  'dmarc-report-visualizer/backend/test/reports/google.com!example.com!1701129600!1701215999.xml.zip',
  // The RFC 8460 example report, already imported from dmarc-report-viewer's rfc-example.json.
  'mail-auth/resources/tlsrpt/rpt01.eml',
  'mail-auth/resources/tlsrpt/rpt01.json',
  'mail-auth/resources/tlsrpt/rpt02.json',
  'mail-dmarc/t/fixtures/test_dmarc.xml.gz',
  'mail-dmarc/t/fixtures/test_dmarc.xml.zip',
]);

const files = listFiles(samplesDir).map((f) => path.relative(samplesDir, f));
const domains = new Set<string>();
for (const e of Object.values(expectations))
  if ('reports' in e) for (const r of e.reports) domains.add(r.domain);

let t: TestDatabase;
const results = new Map<string, FileResult>();

beforeAll(async () => {
  t = await openTestDatabase();
  await makeOrganization(t.db, 'Samples', [...domains]);
  for (const rel of files) {
    const bytes = fs.readFileSync(path.join(samplesDir, rel));
    const { result } = await ingestFile(t.db, { name: rel, bytes, source: 'cli' });
    results.set(rel, result);
  }
}, 120_000);
afterAll(() => t.close());

describe('importing every sample file', () => {
  it('has an expectation for every file on disk', () => {
    expect(files.filter((f) => !(f in expectations))).toEqual([]);
  });

  it.each(files)('%s', (rel) => {
    const expected = expectations[rel];
    const got = results.get(rel)!;
    expect(got.file).toBe(rel);
    if ('reason' in expected) {
      expect(got).toMatchObject({ status: 'rejected', reason: expected.reason, kind: null, records: 0 });
      return;
    }
    const first = expected.reports[0];
    expect(got).toMatchObject({
      status: duplicates.has(rel) ? 'duplicate' : 'imported',
      kind: first.kind,
      reason: null,
      org_name: first.org,
      domain: first.domain,
      records: expected.reports.reduce((n, r) => n + r.records, 0),
      messages: expected.reports.reduce((n, r) => n + r.messages, 0),
    });
    // Failure reports without a Message-ID get a digest id: only its prefix is stable to write down.
    if (first.reportId.endsWith(':'))
      expect(got.report_id).toMatch(new RegExp(`^${first.reportId}[0-9a-f]+$`));
    else expect(got.report_id).toBe(first.reportId);
  });

  it('stores each distinct report once, with every record and auth result', async () => {
    const imported = files.filter((f) => results.get(f)?.status === 'imported');
    const byKind = (kind: string) => imported.filter((f) => results.get(f)!.kind === kind);
    const counts = await tableCounts(t.db);
    expect(counts.dmarc_reports).toBe(byKind('aggregate').length);
    expect(counts.tls_reports).toBe(byKind('tls').length);
    expect(counts.failure_reports).toBe(byKind('failure').length);
    const records = byKind('aggregate').reduce((n, f) => n + results.get(f)!.records, 0);
    expect(counts.dmarc_records).toBe(records);
    // Every stored report is attached to the organization and keeps its original file.
    const loose = await sql<{ n: number }>`select count(*)::int as n from dmarc_reports
      where organization_id is null or file_id is null`.execute(t.db);
    expect(loose.rows[0].n).toBe(0);
  });

  it('keeps the normalised fields of an odd report (RFC 9990 multi-auth with overrides)', async () => {
    const report = await t.db
      .selectFrom('dmarc_reports')
      .selectAll()
      .where('report_id', '=', 'fixture-rfc9990-multi-auth')
      .executeTakeFirstOrThrow();
    const recs = await t.db
      .selectFrom('dmarc_records')
      .selectAll()
      .where('report_id', '=', report.id)
      .orderBy('id')
      .execute();
    expect(recs.map((r) => r.count).reduce((a, b) => a + b, 0)).toBe(15);
    const dkim = recs.flatMap((r) => r.dkim_results);
    expect(dkim.length).toBeGreaterThan(recs.length - 1);
    for (const d of dkim)
      expect(['none', 'pass', 'fail', 'policy', 'neutral', 'temperror', 'permerror']).toContain(d.result);
    expect(recs.some((r) => r.reasons.length > 0)).toBe(true);
  });

  it('maintains rollups equal to the sums of the stored records', async () => {
    const expected = await rollupsFromRecords(t.db);
    expect(expected.size).toBeGreaterThan(10);
    expect(await storedRollups(t.db)).toEqual(expected);
  });

  it('stores nothing new when every file comes again', async () => {
    const before = await tableCounts(t.db);
    for (const rel of files) {
      const bytes = fs.readFileSync(path.join(samplesDir, rel));
      const { result } = await ingestFile(t.db, { name: rel, bytes, source: 'imap' });
      expect(result.status).toBe(results.get(rel)!.status === 'rejected' ? 'rejected' : 'duplicate');
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
