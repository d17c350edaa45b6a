import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { bigReport } from '../../tests/fixtures/dmarc/build-report';
import { parseReportFile } from './parse-report-file';
import { summarise } from './report-key';

// A 100 MB aggregate report, generated lazily and streamed in: the parser must never hold the document
// as a string, so memory grows with the records kept, not with the bytes read. Peak RSS is sampled as the
// input is produced; the bound is about the size of the kept records, far below "the file as text" plus
// "the records" (which would be 300+ MB: 100 MB of UTF-16 string is 200 MB on its own).

const MB = 1024 * 1024;

describe('a 100 MB report', () => {
  it('parses within time and memory bounds', async () => {
    const stats = { records: 0, messages: 0 };
    const before = process.memoryUsage().rss;
    let peak = before;
    let produced = 0;
    function* sampled() {
      for (const chunk of bigReport(100 * MB, stats)) {
        produced += chunk.length;
        peak = Math.max(peak, process.memoryUsage().rss);
        yield chunk;
      }
    }
    const started = Date.now();
    const outcome = await parseReportFile(Readable.from(sampled()));
    const seconds = (Date.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    const deltaMb = (peak - before) / MB;

    expect(produced).toBeGreaterThan(100 * MB);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const report = outcome.reports[0];
    expect(summarise(report)).toEqual({
      kind: 'aggregate',
      records: stats.records,
      messages: stats.messages,
    });
    console.info(
      `100 MB report: ${stats.records} records, ${seconds.toFixed(1)} s, ` +
        `${(produced / MB / seconds).toFixed(1)} MB/s, peak RSS +${deltaMb.toFixed(0)} MB`,
    );
    expect(seconds).toBeLessThan(15);
    expect(deltaMb).toBeLessThan(250);
  }, 60_000);

  it('a compressed copy is also fine (gzip stream inflated on the fly)', async () => {
    const stats = { records: 0, messages: 0 };
    const gz = gzipSync(Buffer.concat([...bigReport(10 * MB, stats)]));
    const outcome = await parseReportFile(gz);
    expect(outcome.ok && summarise(outcome.reports[0]).records).toBe(stats.records);
  }, 30_000);
});
