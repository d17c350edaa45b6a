import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { reportXml } from '../../scripts/bench/ingest-corpus';
import { samplesDir } from '../../tests/fixtures/dmarc/sample-expectations';
import { parseAggregateXml } from './aggregate-xml';
import { parseReportFile } from './parse-report-file';
import { prng } from './testing/prng';

// The parser's output, byte for byte, against digests taken before the session 4 speed work (scanner
// name and text caches, cached domains and addresses, finishRecord without map/filter): every sample file,
// bench reports and a thousand damaged reports, through the scanner and through saxes alone. A change
// to any report field, warning (text or order) or rejection changes a digest.

const sampleFiles = (
  readdirSync(samplesDir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]
)
  .filter((d) => d.isFile())
  .map((d) => path.join(d.parentPath ?? d.path, d.name))
  .sort();

const settle = (p: Promise<unknown>) =>
  p.then(
    (value) => JSON.stringify(value),
    (err: Error) => `rejected: ${err.message}`,
  );

async function* chunked(buf: Buffer, size: number) {
  for (let at = 0; at < buf.length; at += size) yield buf.subarray(at, at + size);
}

// Damage aimed at the normalising: odd case, spaces, bad addresses and counts, reasons, extensions.
// prettier-ignore
const pieces = [
  '<', '&amp;', ']]>', '<![CDATA[ x ]]>', '<!-- n -->', '\r\n', '\t', ' ', 'é', '<x>', '</x>', '<a:b>',
  '</a:b>', '<record>', '</record>', '<dkim>', '</dkim>', '<reason>', '</reason>', ' a="1"', 'PASS', ' Pass ',
  'HardFail', '.', '[', ']', 'IPv6:', '::1', '1.2.3.04', '256.1.1.1', 'Example.COM.', '<type>', '</type>',
  '<extension><x a="1">t</x></extension>', '<comment>hi</comment>', '0', '12.0', '-1', '99999999999999999999',
];

function damage(text: string, rnd: () => number): string {
  for (let m = 1 + Math.floor(rnd() * 3); m > 0; m--) {
    const i = Math.floor(rnd() * text.length);
    const r = rnd();
    if (r < 0.1) text = text.slice(0, i);
    else if (r < 0.3) text = text.slice(0, i) + text.slice(i + 1 + Math.floor(rnd() * 40));
    else if (r < 0.5) {
      const piece = text.slice(i, i + Math.floor(rnd() * 120));
      text = text.slice(0, i) + piece + piece + text.slice(i);
    } else text = text.slice(0, i) + pieces[Math.floor(rnd() * pieces.length)] + text.slice(i);
  }
  return text;
}

const digest = (parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex');

describe('parser output against the digests taken before the speed work', () => {
  it('every sample file gives the same outcome', async () => {
    const parts: string[] = [];
    for (const file of sampleFiles) parts.push(await settle(parseReportFile(readFileSync(file))));
    expect(parts.length).toBeGreaterThan(40);
    expect(digest(parts)).toBe('34025fde73aea81b111e8d3ec6d79880e66bc936a2f75fda65d626425c6dec67');
  });

  it('bench reports and 1000 damaged reports give the same outcome through both paths', async () => {
    const xml = sampleFiles.filter((f) => f.endsWith('.xml')).map((f) => readFileSync(f, 'utf8'));
    const bench = Array.from({ length: 30 }, (_, k) =>
      reportXml(k, { reports: 30, perReport: 1 + k * 4, distinctIps: k % 2 === 0 }),
    );
    const docs = [...xml, ...bench];
    const rnd = prng(0x90_1de);
    const parts: string[] = [];
    let rejected = 0;
    for (let n = 0; n < bench.length + 1000; n++) {
      const text = n < bench.length ? bench[n] : damage(docs[Math.floor(rnd() * docs.length)], rnd);
      const size = 1 + Math.floor(rnd() * 4096);
      for (const scanner of [true, false]) {
        const got = await settle(parseAggregateXml(chunked(Buffer.from(text), size), scanner));
        if (got.startsWith('rejected')) rejected += 1;
        parts.push(got);
      }
    }
    // Both kinds occur, so the digest covers kept reports with warnings and rejections.
    expect(rejected).toBeGreaterThan(100);
    expect(rejected).toBeLessThan(1500);
    expect(digest(parts)).toBe('d5c95649f9f3dbc9c6291fae7f068a0ed61be4f2006d712330296a8213ad4bc5');
  }, 60_000);
});
