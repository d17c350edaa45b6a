import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expectations, samplesDir } from '../../tests/fixtures/dmarc/sample-expectations';
import { createParsePool } from './parse-pool';
import { parseReportFile } from './parse-report-file';

// The worker pool gives exactly what parsing on the main thread gives, for every sample (reports, dates,
// warnings and reasons), and its idle workers do not keep the process alive.

describe('parse pool', () => {
  it('parses every sample in worker threads exactly as on the main thread', async () => {
    const pool = createParsePool(2);
    try {
      const names = Object.keys(expectations);
      const bytes = names.map((f) => readFileSync(path.join(samplesDir, f)));
      const inWorkers = await Promise.all(bytes.map((b) => pool.parse(b, {})));
      for (let i = 0; i < names.length; i++) {
        expect(inWorkers[i], names[i]).toEqual(await parseReportFile(bytes[i], {}));
      }
      expect(inWorkers.filter((o) => o.ok).length).toBeGreaterThan(10);
      // Options cross too: a tiny decompression cap rejects a gzip sample in the worker as well.
      const gz = bytes[names.findIndex((n) => n.endsWith('test.xml.gz'))];
      const capped = await pool.parse(gz, { maxDecompressedBytes: 10 });
      expect(capped.ok).toBe(false);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
