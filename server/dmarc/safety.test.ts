import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { reportXml } from '../../tests/fixtures/dmarc/build-report';
import { deflateZeros, writeZip } from '../../tests/fixtures/dmarc/zip-writer';
import { parseReportFile } from './parse-report-file';

const MB = 1024 * 1024;
const xml = (reportId = 'r-1') => Buffer.from(reportXml({ reportId }));
// A bomb that looks like a report, so the parser keeps reading it instead of rejecting the first bytes.
const bombStart = '<?xml version="1.0"?><feedback><report_metadata><org_name>';
const SPACE = 0x20;

describe('decompression limits', () => {
  it('rejects a zip bomb (300 MB of zeros, honest header) before inflating it', async () => {
    const bomb = await writeZip([{ name: 'report.xml', zeros: 300 * MB }]);
    expect(bomb.length).toBeLessThan(2 * MB);
    const started = Date.now();
    expect(await parseReportFile(bomb)).toEqual({
      ok: false,
      reason: 'Archive exceeds the 200 MB decompressed limit',
    });
    expect(Date.now() - started).toBeLessThan(1000);
  }, 30_000);

  it('rejects a zip bomb whose header lies about its size, while inflating', async () => {
    const bomb = await writeZip([{ name: 'report.xml', zeros: 300 * MB, declaredSize: 1000 }]);
    expect(await parseReportFile(bomb)).toEqual({
      ok: false,
      reason: 'Zip member "report.xml" inflates beyond the size its header declares',
    });
  }, 30_000);

  it('counts every member against one budget', async () => {
    const zip = await writeZip([
      { name: 'a.xml', zeros: 6 * MB, fill: SPACE, prefix: bombStart },
      { name: 'b.xml', zeros: 6 * MB, fill: SPACE, prefix: bombStart },
    ]);
    const outcome = await parseReportFile(zip, { maxDecompressedBytes: 10 * MB });
    expect(outcome).toEqual({ ok: false, reason: 'Archive exceeds the 10 MB decompressed limit' });
  });

  it('rejects a gzip bomb by counting inflated bytes (the gzip size trailer is not trusted)', async () => {
    const { compressed, crc, size } = await deflateZeros(300 * MB, SPACE, bombStart);
    // gzip = 10-byte header + raw deflate + crc32 + size mod 2^32 (RFC 1952 section 2.3).
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(size % 2 ** 32, 4);
    const gz = Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]), compressed, trailer]);
    expect(await parseReportFile(gz)).toEqual({
      ok: false,
      reason: 'Archive exceeds the 200 MB decompressed limit',
    });
  }, 30_000);

  it('rejects a zip with more than 50 members, and honours a lower cap', async () => {
    const many = await writeZip(
      Array.from({ length: 51 }, (_, i) => ({ name: `${i}.xml`, data: xml(`r-${i}`) })),
    );
    expect(await parseReportFile(many)).toEqual({ ok: false, reason: 'Zip holds more than 50 members' });
    const three = await writeZip([0, 1, 2].map((i) => ({ name: `${i}.xml`, data: xml(`r-${i}`) })));
    expect(await parseReportFile(three, { maxArchiveMembers: 2 })).toEqual({
      ok: false,
      reason: 'Zip holds more than 2 members',
    });
    const fifty = await writeZip(
      Array.from({ length: 50 }, (_, i) => ({ name: `${i}.xml`, data: xml(`r-${i}`) })),
    );
    const ok = await parseReportFile(fifty);
    expect(ok.ok && ok.reports.length).toBe(50);
  });

  it('allows three container layers and rejects a fourth', async () => {
    const three = gzipSync(gzipSync(gzipSync(xml())));
    expect((await parseReportFile(three)).ok).toBe(true);
    expect(await parseReportFile(gzipSync(three))).toEqual({
      ok: false,
      reason: 'Archive nesting is deeper than 3 levels',
    });
    const zipInZip = await writeZip([
      { name: 'inner.zip', data: await writeZip([{ name: 'a.xml', data: xml() }]) },
    ]);
    expect((await parseReportFile(zipInZip, { maxDepth: 1 })).ok).toBe(false);
    expect((await parseReportFile(zipInZip, { maxDepth: 2 })).ok).toBe(true);
  });

  it('caps a plain input too', async () => {
    const outcome = await parseReportFile(xml(), { maxInputBytes: 100 });
    expect(outcome).toEqual({ ok: false, reason: 'File exceeds the 100 bytes size limit' });
  });
});

describe('XML entity attacks', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'msas-xxe-'));
    writeFileSync(path.join(dir, 'secret.txt'), 'TOP-SECRET-CONTENT');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const reason = 'The XML declares entities in a DOCTYPE (an XXE or entity-expansion attempt); rejected';

  it('rejects an external entity without reading the file', async () => {
    const secret = path.join(dir, 'secret.txt');
    const doc = reportXml({
      prolog: `<?xml version="1.0"?>\n<!DOCTYPE feedback [ <!ENTITY xxe SYSTEM "file://${secret}"> ]>`,
      orgName: '&xxe;',
    });
    const outcome = await parseReportFile(Buffer.from(doc));
    expect(outcome).toEqual({ ok: false, reason });
    expect(JSON.stringify(outcome)).not.toContain('TOP-SECRET');
  });

  it('rejects "billion laughs" entity expansion', async () => {
    const defs = [
      '<!ENTITY l0 "ha">',
      ...Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`),
    ];
    const doc = reportXml({
      prolog: `<?xml version="1.0"?>\n<!DOCTYPE feedback [ ${defs.join(' ')} ]>`,
      orgName: '&l9;',
    });
    expect(await parseReportFile(Buffer.from(doc))).toEqual({ ok: false, reason });
  });

  it('rejects the whole archive when one member carries an entity attack', async () => {
    const evil = reportXml({ prolog: '<!DOCTYPE feedback [ <!ENTITY a "b"> ]>', reportId: 'evil' });
    const zip = await writeZip([
      { name: 'good.xml', data: xml() },
      { name: 'evil.xml', data: Buffer.from(evil) },
    ]);
    expect(await parseReportFile(zip)).toEqual({ ok: false, reason });
  });

  it('leaves an undefined entity as text with a warning (no DTD, nothing to resolve)', async () => {
    const outcome = await parseReportFile(Buffer.from(reportXml({ orgName: 'AT&amp;T &nbsp;Mail' })));
    expect(outcome.ok).toBe(true);
    if (outcome.ok && outcome.reports[0].kind === 'aggregate') {
      expect(outcome.reports[0].reportMetadata.orgName).toBe('AT&T &nbsp;Mail');
      expect(outcome.reports[0].warnings.some((w) => w.includes('undefined entity'))).toBe(true);
    }
  });
});

describe('odd inputs', () => {
  it('rejects an empty file, an HTML page and an unknown binary with a reason', async () => {
    expect(await parseReportFile(Buffer.alloc(0))).toEqual({ ok: false, reason: 'The file is empty' });
    expect(await parseReportFile(Buffer.from('<!DOCTYPE html><html><body>hi</body></html>'))).toEqual({
      ok: false,
      reason: 'Not a DMARC report: the XML root is <html>',
    });
    expect(await parseReportFile(Buffer.from('%PDF-1.4 ...'))).toEqual({
      ok: false,
      reason: 'Not a DMARC, TLS or failure report: the file is a PDF document',
    });
  });

  it('reads a Readable stream and a truncated stream', async () => {
    const doc = xml();
    expect((await parseReportFile(Readable.from([doc.subarray(0, 10), doc.subarray(10)]))).ok).toBe(true);
    const cut = await parseReportFile(Readable.from([doc.subarray(0, doc.length - 40)]));
    expect(cut.ok).toBe(false);
    expect(!cut.ok && cut.reason).toMatch(/^The DMARC report is truncated or damaged/);
  });

  it('rejects truncated gzip and damaged zip with a reason', async () => {
    const gz = gzipSync(xml());
    const outcome = await parseReportFile(gz.subarray(0, gz.length - 20));
    expect(!outcome.ok && outcome.reason).toMatch(
      /^The gzip data is damaged or truncated|^The DMARC report is truncated/,
    );
    const zip = await writeZip([{ name: 'a.xml', data: xml() }]);
    const broken = await parseReportFile(zip.subarray(0, zip.length - 30));
    expect(!broken.ok && broken.reason).toMatch(/^The zip archive is damaged/);
  });
});
