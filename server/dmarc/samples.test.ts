import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  expectations,
  samplesDir,
  type ExpectedReport,
} from '../../tests/fixtures/dmarc/sample-expectations';
import { parseReportFile } from './parse-report-file';
import { reportKey, summarise } from './report-key';
import type { ParseOutcome } from './types';

const allSampleFiles = (): string[] =>
  (readdirSync(samplesDir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(samplesDir, path.join(d.parentPath ?? d.path, d.name)))
    .sort();

const describeOutcome = (o: ParseOutcome) =>
  o.ok
    ? {
        reports: o.reports.map((r) => {
          const k = reportKey(r);
          const s = summarise(r);
          return {
            kind: r.kind,
            org: k.orgName,
            reportId: k.reportId,
            domain: k.domain,
            records: s.records,
            messages: s.messages,
          };
        }),
      }
    : { reason: o.reason };

describe('every sample under shared/samples/dmarc', () => {
  it('has an expectation, and every expectation has its file', () => {
    expect(allSampleFiles()).toEqual(Object.keys(expectations).sort());
  });

  for (const [file, expected] of Object.entries(expectations)) {
    it(`${file}`, async () => {
      const outcome = await parseReportFile(readFileSync(path.join(samplesDir, file)));
      const got = describeOutcome(outcome);
      if ('reason' in expected) {
        expect(got).toEqual({ reason: expected.reason });
        return;
      }
      // A digest report id is only known by its prefix.
      const want = expected.reports.map((r: ExpectedReport) =>
        r.reportId.endsWith(':') ? { ...r, reportId: expect.stringMatching(/^sha256:[0-9a-f]{32}$/) } : r,
      );
      expect(got).toEqual({ reports: want });
    });
  }

  it('gives the same outcome for a stream as for a buffer', async () => {
    for (const file of Object.keys(expectations)) {
      const full = path.join(samplesDir, file);
      const fromStream = await parseReportFile(createReadStream(full, { highWaterMark: 97 }));
      const fromBuffer = await parseReportFile(readFileSync(full));
      expect(JSON.stringify(fromStream), file).toBe(JSON.stringify(fromBuffer));
    }
  });
});
