import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { reportXml } from '../../tests/fixtures/dmarc/build-report';
import { samplesDir } from '../../tests/fixtures/dmarc/sample-expectations';
import { writeZip } from '../../tests/fixtures/dmarc/zip-writer';
import { parseReportFile } from './parse-report-file';
import { reportKeyString, summarise } from './report-key';

const xml = (reportId: string) => Buffer.from(reportXml({ reportId }));
const b64 = (b: Buffer) => b.toString('base64').replace(/.{76}/g, '$&\r\n');
const ids = (o: Awaited<ReturnType<typeof parseReportFile>>) =>
  o.ok ? o.reports.map((r) => (r.kind === 'aggregate' ? r.reportMetadata.reportId : r.kind)) : o.reason;

const mail = (parts: string[], boundary = 'XYZ', contentType = `multipart/mixed; boundary="${boundary}"`) =>
  Buffer.from(
    `From: dmarc@reporter.example\r\nTo: rua@example.com\r\nSubject: Report\r\nMIME-Version: 1.0\r\n` +
      `Content-Type: ${contentType}\r\n\r\npreamble\r\n` +
      parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') +
      `--${boundary}--\r\n`,
  );
const attachment = (type: string, name: string, data: Buffer) =>
  `Content-Type: ${type}; name="${name}"\r\nContent-Transfer-Encoding: base64\r\n` +
  `Content-Disposition: attachment; filename="${name}"\r\n\r\n${b64(data)}`;

describe('containers', () => {
  it('turns a zip with several members (one with an empty name) into several reports', async () => {
    const zip = await writeZip([
      { name: '', data: xml('a') },
      { name: 'b.xml', data: xml('b') },
      { name: 'README.txt', data: Buffer.from('These are reports.') },
    ]);
    const o = await parseReportFile(zip);
    expect(ids(o)).toEqual(['a', 'b']);
    expect(o.ok && o.warnings).toEqual([
      'skipped zip member "README.txt": Not a DMARC, TLS or failure report: the file format is not recognised',
    ]);
  });

  it('reads every report attachment of one e-mail: zip, gzip, text/xml, TLS json', async () => {
    const tlsJson = readFileSync(path.join(samplesDir, 'mail-auth/resources/tlsrpt/rpt02.json'));
    const message = mail([
      'Content-Type: text/plain\r\n\r\nThis is an aggregate report.',
      attachment('application/zip', 'a.zip', await writeZip([{ name: 'a.xml', data: xml('a') }])),
      attachment('application/gzip', 'b.xml.gz', gzipSync(xml('b'))),
      `Content-Type: text/xml\r\n\r\n${xml('c').toString()}`,
      attachment('application/tlsrpt+json', 'r.json', tlsJson),
      attachment('image/png', 'logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])),
    ]);
    const o = await parseReportFile(message);
    expect(ids(o)).toEqual(['a', 'b', 'c', 'tls']);
    expect(o.ok && o.warnings).toEqual([
      'skipped "logo.png": Not a DMARC, TLS or failure report: the file is a PNG image',
    ]);
  });

  it('is lenient with malformed MIME: LF line ends, no closing boundary, no boundary parameter', async () => {
    const lf = mail([attachment('application/gzip', 'a.gz', gzipSync(xml('a')))])
      .toString()
      .replace(/\r\n/g, '\n')
      .replace(/--XYZ--\n$/, '');
    expect(ids(await parseReportFile(Buffer.from(lf)))).toEqual(['a']);
    const noParam = mail(
      [attachment('application/octet-stream', 'a.xml', xml('a'))],
      'QQ',
      'multipart/mixed',
    );
    expect(ids(await parseReportFile(noParam))).toEqual(['a']);
    const junk = mail([
      attachment('application/gzip', 'a.gz', gzipSync(xml('a'))).replace('\r\n\r\n', '\r\n\r\n!!'),
    ]);
    expect(ids(await parseReportFile(junk))).toEqual(['a']);
  });

  it('reads quoted-printable XML and a message whose whole body is gzip', async () => {
    const qp = xml('q')
      .toString()
      .replace(/=/g, '=3D')
      .replace(/(.{70})/g, '$1=\r\n');
    const m = mail([`Content-Type: text/xml\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${qp}`]);
    expect(ids(await parseReportFile(m))).toEqual(['q']);
    const whole = Buffer.from(
      'From: a@b.example\r\nContent-Type: application/gzip\r\nContent-Transfer-Encoding: base64\r\n\r\n' +
        b64(gzipSync(xml('w'))),
    );
    expect(ids(await parseReportFile(whole))).toEqual(['w']);
  });

  it('rejects an e-mail without a report, with the reason', async () => {
    const plain = mail(['Content-Type: text/plain\r\n\r\nHello, no report here.']);
    expect(await parseReportFile(plain)).toEqual({
      ok: false,
      reason: 'The e-mail message holds no DMARC, TLS or failure report (subject: Report)',
    });
    const broken = mail([attachment('application/gzip', 'a.gz', Buffer.from('not gzip at all'))]);
    expect(await parseReportFile(broken)).toEqual({
      ok: false,
      reason: 'Not a DMARC, TLS or failure report: the file format is not recognised',
    });
  });

  it('gives identical copies the same duplicate key, whatever the container', async () => {
    const plain = await parseReportFile(xml('k'));
    const zipped = await parseReportFile(await writeZip([{ name: 'x', data: xml('k') }]));
    if (!plain.ok || !zipped.ok) throw new Error('expected both to parse');
    expect(reportKeyString(plain.reports[0])).toBe(reportKeyString(zipped.reports[0]));
    expect(reportKeyString(plain.reports[0])).toBe(
      JSON.stringify(['aggregate', 'Example Org', 'k', 'example.com', 1700000000, 1700086399]),
    );
    expect(summarise(plain.reports[0])).toEqual({ kind: 'aggregate', records: 1, messages: 1 });
  });
});
