import { readFileSync } from 'node:fs';
import path from 'node:path';
import { reportXml } from '../../scripts/bench/ingest-corpus';
import { bigReport } from '../../tests/fixtures/dmarc/build-report';
import { expectations, samplesDir } from '../../tests/fixtures/dmarc/sample-expectations';
import { parseReportFile } from './parse-report-file';
import { bothWays, scanned } from './testing/xml-compare';
import { prng } from './testing/prng';

// The scanner against saxes. Every aggregate report among the samples is parsed through parseReportFile
// twice, once with the scanner and once with saxes alone (the mock below forwards the choice and keeps the
// XML each report arrived as); a few thousand damaged copies of those documents must give the same
// report and warnings, or the same rejection, both ways. Wherever the scanner accepts a document, its
// events must be exactly saxes' events and saxes must report no error.

const state = vi.hoisted(() => ({ scanner: true, documents: [] as Buffer[] }));

vi.mock('./aggregate-xml', async (importOriginal) => {
  const real = await importOriginal<typeof import('./aggregate-xml')>();
  return {
    ...real,
    parseAggregateXml: async (chunks: AsyncIterable<Buffer>, useScanner?: boolean) => {
      const parts: Buffer[] = [];
      async function* kept() {
        for await (const c of chunks) yield parts[parts.push(c) - 1];
      }
      try {
        return await real.parseAggregateXml(kept(), useScanner ?? state.scanner);
      } finally {
        state.documents.push(Buffer.concat(parts));
      }
    },
  };
});

// Pieces aimed at the edges of the subset: each is either taken by the scanner or must make it bail.
const pieces = [
  '<',
  '>',
  '&',
  '&amp;',
  '&lt;',
  '&#65;',
  '&#x1F600;',
  '&#X41;',
  '&#0;',
  '&#xD800;',
  '&#1114112;',
  '&nbsp;',
  '&amp',
  ']]>',
  ']]',
  '<![CDATA[ x ]]>',
  '<![CDATA[',
  '<!-- note -->',
  '<!-- a -- b -->',
  '<!--',
  '-->',
  '<?pi x?>',
  '<?xml version="1.0"?>',
  '<!DOCTYPE feedback>',
  '\r',
  '\r\n',
  '\n',
  '\t',
  '\u0001',
  '\u0085',
  '\u2028',
  '\uFFFE',
  '\uFEFF',
  '\uD83D\uDE00',
  '\uD83D',
  'é',
  ' a="1"',
  " b='&quot;x'",
  ' a="<"',
  ' a=1',
  ' c="x\r\ny\tz"',
  ' d="1" d="2"',
  '/>',
  '</x>',
  '<x>',
  '<x/>',
  '<é/>',
  '<a:b/>',
  '</record>',
  '<record>',
];

function mutate(src: string, rnd: () => number): string {
  const at = (n = src.length) => Math.floor(rnd() * Math.max(1, n));
  const i = at();
  switch (Math.floor(rnd() * 5)) {
    case 0:
      return src.slice(0, i);
    case 1:
      return src.slice(0, i) + src.slice(i + 1 + at(40));
    case 2: {
      const piece = src.slice(i, i + at(120));
      return src.slice(0, i) + piece + piece + src.slice(i);
    }
    case 3: {
      // Bytes that are not UTF-8 go in through mutateBytes; here a character.
      const c = String.fromCharCode(at(0x80));
      return src.slice(0, i) + c + src.slice(i + 1);
    }
    default:
      return src.slice(0, i) + pieces[at(pieces.length)] + src.slice(i);
  }
}

const sampleFiles = Object.keys(expectations).filter((f) => f !== 'PROVENANCE.md');

/** The XML of every aggregate report among the samples, as parseAggregateXml received it. */
async function sampleDocuments(): Promise<{ file: string; xml: Buffer }[]> {
  const found: { file: string; xml: Buffer }[] = [];
  for (const file of sampleFiles) {
    state.documents = [];
    state.scanner = true;
    await parseReportFile(readFileSync(path.join(samplesDir, file)));
    for (const xml of state.documents) found.push({ file, xml });
  }
  return found;
}

describe('the XML scanner against saxes', () => {
  it('gives the same outcome for every sample file both ways, taking every aggregate report itself', async () => {
    for (const file of sampleFiles) {
      const input = readFileSync(path.join(samplesDir, file));
      state.scanner = true;
      const fast = await parseReportFile(input);
      state.scanner = false;
      const slow = await parseReportFile(input);
      expect(fast, file).toStrictEqual(slow);
      expect(JSON.stringify(fast), file).toBe(JSON.stringify(slow));
    }
    const documents = await sampleDocuments();
    const taken = documents.filter((d) => scanned(d.xml.toString('utf8'), d.file));
    expect(documents.length).toBeGreaterThan(20);
    // All of them are plain XML (36 documents, some inside gzip, zip and e-mail).
    expect(taken.map((d) => d.file)).toEqual(documents.map((d) => d.file));
  });

  it('takes the reports of the bench corpus and gives what saxes gives', async () => {
    for (let n = 0; n < 20; n++) {
      const xml = reportXml(n, { reports: 20, perReport: 1 + n * 10, distinctIps: n % 2 === 0 });
      expect(scanned(xml, `report ${n}`), `report ${n}`).toBe(true);
      const { fast, slow } = await bothWays(Buffer.from(xml), 1000 + n * 37);
      expect(fast, `report ${n}`).toStrictEqual(slow);
      expect('report' in fast).toBe(true);
    }
  });

  it('agrees with saxes on 3000 damaged copies of the sample reports', async () => {
    const documents = (await sampleDocuments()).map((d) => ({ ...d, text: d.xml.toString('utf8') }));
    const rnd = prng(0x5ca_1ab1e);
    let accepted = 0;
    let rejected = 0;
    for (let n = 0; n < 3000; n++) {
      const doc = documents[Math.floor(rnd() * documents.length)];
      let text = doc.text;
      for (let k = rnd() < 0.8 ? 1 : 2; k > 0; k--) text = mutate(text, rnd);
      const label = `case ${n} from ${doc.file}`;
      const buf = Buffer.from(text);
      // Now and then a byte that is not UTF-8 (a U+FFFD warning) or a flipped byte.
      if (rnd() < 0.05) buf[Math.floor(rnd() * buf.length)] = Math.floor(rnd() * 256);
      if (scanned(buf.toString('utf8'), label)) accepted += 1;
      const { fast, slow } = await bothWays(buf, 1 + Math.floor(rnd() * 2048));
      expect(fast, label).toStrictEqual(slow);
      if ('rejected' in fast) rejected += 1;
    }
    console.info(`damaged copies: ${accepted} taken by the scanner, ${rejected} rejected`);
    // Both kinds occur: the comparison covers taken documents and ones left to saxes.
    expect(accepted).toBeGreaterThan(300);
    expect(3000 - accepted).toBeGreaterThan(300);
    expect(rejected).toBeGreaterThan(100);
  }, 60_000);

  it('leaves a report over 8 MB to saxes, streamed, with the same result', async () => {
    const xml = Buffer.concat([...bigReport(9 * 1024 * 1024, { records: 0, messages: 0 })]);
    const { fast, slow } = await bothWays(xml);
    expect('report' in fast).toBe(true);
    expect(fast).toStrictEqual(slow);
  }, 30_000);
});
