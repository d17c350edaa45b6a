import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { reportXml } from '../../tests/fixtures/dmarc/build-report';
import { writeZip } from '../../tests/fixtures/dmarc/zip-writer';
import { smallGzipBytes } from './gzip';
import { parseReportFile } from './parse-report-file';
import type { AggregateReport, FailureReport } from './types';

// Odd but real forms that other report parsers read, one per test: msas reads them too.

const odd = (name: string) => readFileSync(path.join('tests/fixtures/dmarc/odd', name));

async function parsed(input: Buffer) {
  const o = await parseReportFile(input);
  if (!o.ok) throw new Error(o.reason);
  return o;
}
const aggregate = async (input: Buffer) => (await parsed(input)).reports[0] as AggregateReport;

const xml = reportXml({ reportId: 'odd-1' });

describe('gzip attachments with bytes after the compressed data', () => {
  it.each([
    ['CR LF', '\r\n'],
    ['one LF', '\n'],
    ['a signature', '\r\n-- \r\nsent by the gateway\r\n'],
    ['a stray gzip magic byte', '\x1f'],
  ])('reads the report and warns about %s', async (_what, tail) => {
    const o = await parsed(Buffer.concat([gzipSync(xml), Buffer.from(tail, 'latin1')]));
    expect((o.reports[0] as AggregateReport).reportMetadata.reportId).toBe('odd-1');
    expect(o.warnings).toEqual([`${tail.length} bytes after the end of the gzip data were ignored`]);
  });

  it('reads a report over 256 KB compressed (streamed) and warns the same way', async () => {
    // A comment of random text does not compress: the file takes the streaming path (smallGzipBytes).
    const noise = `<!-- ${randomBytes(320 * 1024).toString('base64')} -->`;
    const big = gzipSync(xml.replace('?>', `?>${noise}`));
    expect(big.length).toBeGreaterThan(smallGzipBytes);
    const o = await parsed(Buffer.concat([big, Buffer.from('\r\n')]));
    expect((o.reports[0] as AggregateReport).reportMetadata.reportId).toBe('odd-1');
    expect(o.warnings).toEqual(['2 bytes after the end of the gzip data were ignored']);
    const cut = await parseReportFile(Buffer.concat([big.subarray(0, big.length - 12), Buffer.from('\r\n')]));
    expect(cut.ok ? 'ok' : cut.reason).toMatch(/^The gzip data is damaged or truncated/);
  });

  it('still rejects a member cut short, and one whose check value is wrong', async () => {
    const gz = gzipSync(xml);
    const cut = await parseReportFile(Buffer.concat([gz.subarray(0, gz.length - 12), Buffer.from('\r\n')]));
    expect(cut.ok ? 'ok' : cut.reason).toMatch(/^The gzip data is damaged or truncated/);
    const badCrc = Buffer.from(gz);
    badCrc[badCrc.length - 8] ^= 0xff;
    const crc = await parseReportFile(Buffer.concat([badCrc, Buffer.from('\r\n')]));
    expect(crc.ok ? 'ok' : crc.reason).toMatch(/^The gzip data is damaged or truncated/);
  });
});

describe('plain-text failure reports (no message/feedback-report part)', () => {
  it('reads the fields and the copied original headers of an Exim forensic report', async () => {
    const o = await parsed(odd('exim-text-failure.eml'));
    const r = o.reports[0] as FailureReport;
    expect(r).toMatchObject({
      kind: 'failure',
      reporter: 'mail.receiver.example',
      reportId: 'E1s6qAb-0004Xk-2C@mail.receiver.example',
      reportedDomain: 'example.com',
      sourceIp: '203.0.113.77',
      authFailure: ['dmarc'],
      identityAlignment: 'none',
      deliveryResult: 'reject',
      originalMailFrom: 'bounce@bulk.sender.example',
      warnings: [],
    });
    expect(r.arrivalDate?.toISOString()).toBe('2024-05-14T09:12:02.000Z');
    expect(r.originalHeaders).toMatch(/^Received: from \[203\.0\.113\.77\]/);
    expect(r.originalHeaders).toContain('Subject: Your invoice');
    expect(r.originalHeaders).not.toContain('was detected');
  });

  it('takes the original headers from a text/rfc822-headers part beside the text', async () => {
    const r = (await parsed(odd('text-failure-headers-part.eml'))).reports[0] as FailureReport;
    expect(r).toMatchObject({
      reportedDomain: 'example.org',
      sourceIp: '2001:db8::25',
      identityAlignment: 'spf',
      deliveryResult: 'spam',
    });
    expect(r.reportId).toMatch(/^sha256:[0-9a-f]{32}$/);
    expect(r.originalHeaders).toContain('Subject: Weekly news');
  });

  it('rejects a text report that names no domain, saying so', async () => {
    const text = odd('exim-text-failure.eml')
      .toString('latin1')
      .replace('  Sender Domain: example.com\r\n', '')
      .replace('From: "Accounts" <billing@example.com>\r\n', '');
    const o = await parseReportFile(Buffer.from(text, 'latin1'));
    expect(o.ok ? 'ok' : o.reason).toBe('The text failure report names no Sender Domain');
  });
});

describe('aggregate XML in odd encodings and shapes', () => {
  const utf16 = (doc: string, bigEndian: boolean) => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(doc, 'utf16le')]);
    return bigEndian ? Buffer.from(le).swap16() : le;
  };

  it.each([
    ['a UTF-8 byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml)])],
    ['UTF-16 little-endian', utf16(xml.replace('UTF-8', 'UTF-16'), false)],
    ['UTF-16 big-endian', utf16(xml.replace('UTF-8', 'UTF-16'), true)],
    ['no XML declaration', Buffer.from(reportXml({ reportId: 'odd-1', prolog: '' }))],
  ])('reads a report with %s', async (_what, input) => {
    const r = await aggregate(input);
    expect(r.reportMetadata.reportId).toBe('odd-1');
    expect(r.records).toHaveLength(1);
  });

  it('reads a zip whose report sits in a folder', async () => {
    const zip = await writeZip([
      { name: 'reports/', data: Buffer.alloc(0) },
      { name: 'reports/example.com!1700000000!1700086399.xml', data: Buffer.from(xml) },
    ]);
    expect((await aggregate(zip)).reportMetadata.reportId).toBe('odd-1');
  });

  it('reads a date range written in milliseconds as seconds, with a warning', async () => {
    const r = await aggregate(Buffer.from(reportXml({ begin: '1700000000000', end: '1700086399000' })));
    expect(r.reportMetadata.dateRange).toEqual({ begin: 1700000000, end: 1700086399 });
    expect(r.warnings).toContain('date_range is in milliseconds; read as such');
  });

  it('reads empty policy_published fields as absent and upper-case policy words as the RFC words', async () => {
    const empty = await aggregate(
      Buffer.from(xml.replace('<p>none</p>', '<adkim></adkim><aspf/><p></p><sp> </sp><pct></pct>')),
    );
    expect(empty.policyPublished).toMatchObject({ adkim: 'r', aspf: 'r', p: 'none', sp: null, pct: null });
    const upper = await aggregate(Buffer.from(xml.replace('<p>none</p>', '<p>REJECT</p><adkim>S</adkim>')));
    expect(upper.policyPublished).toMatchObject({ p: 'reject', adkim: 's' });
  });
});
