import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expectations, samplesDir } from '../../tests/fixtures/dmarc/sample-expectations';
import { parseReportFile } from './parse-report-file';
import type { ParseOutcome } from './types';
import { prng } from './testing/prng';

// 1000 damaged copies of the samples from a seeded PRNG: every one must come back ok or with a reason,
// never throw and never hang. The seed is fixed so a failure can be replayed.

const SEED = 0x5eed_d4a7;
const CASES = 1000;

const interesting = [
  '<',
  '>',
  '</record>',
  '<record>',
  '&',
  '&amp;',
  '\u0000',
  '<!DOCTYPE x>',
  ']]>',
  '--',
  '\r\n\r\n',
];

function mutate(src: Buffer, rnd: () => number): Buffer {
  const at = (n = src.length) => Math.floor(rnd() * Math.max(1, n));
  const b = Buffer.from(src);
  switch (Math.floor(rnd() * 6)) {
    case 0:
      return b.subarray(0, at());
    case 1: {
      for (let i = 0, n = 1 + at(8); i < n; i++) b[at()] = Math.floor(rnd() * 256);
      return b;
    }
    case 2: {
      const i = at();
      return Buffer.concat([b.subarray(0, i), b.subarray(i + 1 + at(64))]);
    }
    case 3: {
      const i = at();
      const token = Buffer.from(interesting[at(interesting.length)]);
      return Buffer.concat([b.subarray(0, i), token, b.subarray(i)]);
    }
    case 4: {
      const i = at();
      const piece = b.subarray(i, i + at(200));
      return Buffer.concat([b.subarray(0, i), piece, piece, b.subarray(i)]);
    }
    default:
      return b.subarray(at(Math.min(64, b.length)));
  }
}

const withTimeout = (p: Promise<ParseOutcome>, ms: number, label: string) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`hang: ${label}`)), ms).unref()),
  ]);

describe('fuzz: mutated and truncated samples', () => {
  it(`handles ${CASES} damaged files: each ok or a reason`, async () => {
    const files = Object.keys(expectations).filter((f) => f !== 'PROVENANCE.md');
    const sources = files.map((f) => readFileSync(path.join(samplesDir, f)));
    const rnd = prng(SEED);
    const started = Date.now();
    let ok = 0;
    let rejected = 0;
    for (let n = 0; n < CASES; n++) {
      const which = Math.floor(rnd() * sources.length);
      const input = mutate(sources[which], rnd);
      const label = `case ${n} from ${files[which]}`;
      const outcome = await withTimeout(parseReportFile(input), 5000, label);
      if (outcome.ok) {
        ok += 1;
        expect(outcome.reports.length, label).toBeGreaterThan(0);
        for (const r of outcome.reports) expect(['aggregate', 'tls', 'failure'], label).toContain(r.kind);
      } else {
        rejected += 1;
        expect(typeof outcome.reason, label).toBe('string');
        expect(outcome.reason.length, label).toBeGreaterThan(10);
      }
    }
    // Both outcomes occur: damage is neither always fatal nor always ignored.
    expect(ok).toBeGreaterThan(50);
    expect(rejected).toBeGreaterThan(50);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);
});
