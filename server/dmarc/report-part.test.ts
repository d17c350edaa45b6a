import { gunzipSync, gzipSync } from 'node:zlib';
import { reportXml } from '../../tests/fixtures/dmarc/build-report';
import { writeZip } from '../../tests/fixtures/dmarc/zip-writer';
import { Busy } from './limits';
import { parseReportFile } from './parse-report-file';
import type { ParseOutcome } from './types';

// Each report's own bytes (keepParts): never the bytes of another report of the same file.

const xml = (reportId: string, domain = 'example.com') => Buffer.from(reportXml({ reportId, domain }));
const b64 = (b: Buffer) => b.toString('base64').replace(/.{76}/g, '$&\r\n');
const attachment = (type: string, name: string, data: Buffer) =>
  `Content-Type: ${type}; name="${name}"\r\nContent-Transfer-Encoding: base64\r\n` +
  `Content-Disposition: attachment; filename="${name}"\r\n\r\n${b64(data)}`;
const mail = (parts: string[], head = 'From: dmarc@reporter.example\r\nSubject: Reports\r\n') =>
  Buffer.from(
    `${head}To: rua@example.com\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="B"\r\n\r\n` +
      parts.map((p) => `--B\r\n${p}\r\n`).join('') +
      '--B--\r\n',
  );

const keep = async (input: Buffer) => {
  const o = await parseReportFile(input, { keepParts: true });
  if (!o.ok) throw new Error(o.reason);
  return o as Extract<ParseOutcome, { ok: true }> & { parts: NonNullable<unknown> };
};
const partOf = (o: Awaited<ReturnType<typeof keep>>, i: number) => o.parts![i]!;

describe("a report's own bytes", () => {
  it('is the input itself for a plain or gzipped report (no copy)', async () => {
    expect((await keep(xml('a'))).parts).toEqual([null]);
    expect((await keep(gzipSync(xml('a')))).parts).toEqual([null]);
    expect((await parseReportFile(xml('a'))).ok && 'parts' in (await parseReportFile(xml('a')))).toBe(false);
  });

  it('is a zip member, in a gzip wrapper around its own DEFLATE data', async () => {
    const zip = await writeZip([
      { name: 'a.xml', data: xml('a', 'one.example') },
      { name: 'b.xml', data: xml('b', 'two.example') },
    ]);
    const o = await keep(zip);
    expect(o.parts!.map((p) => p?.name)).toEqual(['a.xml.gz', 'b.xml.gz']);
    expect(gunzipSync(partOf(o, 0).bytes)).toEqual(xml('a', 'one.example'));
    expect(gunzipSync(partOf(o, 1).bytes)).toEqual(xml('b', 'two.example'));
    expect(gunzipSync(partOf(o, 0).bytes).toString()).not.toContain('two.example');
    // The part parses on its own to the same report.
    const again = await parseReportFile(partOf(o, 1).bytes);
    expect(again.ok && again.reports).toEqual([o.reports[1]]);
  });

  it('takes the CRC from the data, not the header, when the parser stops before the end', async () => {
    const withTail = Buffer.concat([xml('t'), Buffer.from('\n<!-- trailing -->\n'.repeat(2000))]);
    const o = await keep(
      await writeZip([
        { name: 't.xml', data: withTail },
        { name: 'u.xml', data: xml('u') },
      ]),
    );
    expect(gunzipSync(partOf(o, 0).bytes)).toEqual(withTail);
  });

  it('is the attachment of an e-mail, or the zip member inside an attachment', async () => {
    const message = mail([
      'Content-Type: text/plain\r\n\r\nTwo reports.',
      attachment(
        'application/zip',
        'one.zip',
        await writeZip([{ name: 'one.xml', data: xml('a', 'one.example') }]),
      ),
      attachment('application/gzip', 'two.xml.gz', gzipSync(xml('b', 'two.example'))),
      `Content-Type: text/xml\r\n\r\n${xml('c', 'three.example').toString()}`,
    ]);
    const o = await keep(message);
    expect(o.parts!.map((p) => p?.name)).toEqual(['one.xml.gz', 'two.xml.gz', 'part-4.xml']);
    expect(gunzipSync(partOf(o, 0).bytes)).toEqual(xml('a', 'one.example'));
    expect(partOf(o, 1).bytes).toEqual(gzipSync(xml('b', 'two.example')));
    expect(partOf(o, 2).bytes.toString()).toContain('three.example');
    for (const p of o.parts!) expect(p!.bytes.toString('latin1')).not.toContain('Two reports.');
  });

  it('is the whole message for an ARF e-mail, its own parts when the e-mail carries more', async () => {
    const arfBody =
      'Content-Type: text/plain\r\n\r\nThis is an authentication failure report.\r\n' +
      '--R\r\nContent-Type: message/feedback-report\r\n\r\nFeedback-Type: auth-failure\r\n' +
      'User-Agent: test/1.0\r\nVersion: 1\r\nAuth-Failure: dmarc\r\nSource-IP: 192.0.2.7\r\n' +
      'Reported-Domain: one.example\r\n' +
      '--R\r\nContent-Type: text/rfc822-headers\r\n\r\nFrom: x@one.example\r\nSubject: hi\r\n';
    const head =
      'Message-ID: <arf-1@receiver.example>\r\nFrom: feedback@receiver.example\r\nSubject: Failure\r\n';
    const arf = Buffer.from(
      `${head}MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=feedback-report; ` +
        `boundary="R"\r\n\r\n--R\r\n${arfBody}--R--\r\n`,
    );
    const alone = await keep(arf);
    expect(alone.reports.map((r) => r.kind)).toEqual(['failure']);
    expect(alone.parts).toEqual([null]);

    const nested = `Content-Type: multipart/report; report-type=feedback-report; boundary="R"\r\n\r\n--R\r\n${arfBody}--R--`;
    const message = mail(
      [nested, attachment('application/gzip', 'other.xml.gz', gzipSync(xml('z', 'other-org.example')))],
      head,
    );
    const o = await keep(message);
    expect(o.reports.map((r) => r.kind)).toEqual(['failure', 'aggregate']);
    const own = partOf(o, 0);
    expect(own.name).toBe('failure-report.eml');
    expect(own.bytes.toString('latin1')).not.toContain('other.xml.gz');
    const again = await parseReportFile(own.bytes);
    expect(again.ok && again.reports).toEqual([o.reports[0]]);
    expect(partOf(o, 1).bytes).toEqual(gzipSync(xml('z', 'other-org.example')));
  });
});

describe('memory shared by concurrent parses', () => {
  const gz = gzipSync(xml('m'));

  it('stops with Busy when others hold the memory, and rejects a file that never fits', async () => {
    await expect(parseReportFile(gz, { memory: { take: () => 'busy' } })).rejects.toBeInstanceOf(Busy);
    expect(await parseReportFile(gz, { memory: { take: () => 'too-big' } })).toEqual({
      ok: false,
      reason: 'The file inflates to more than the memory the server gives uploads',
    });
    let taken = 0;
    const ok = await parseReportFile(gz, { memory: { take: (n) => ((taken += n), 'ok') } });
    expect(ok.ok).toBe(true);
    expect(taken).toBe(xml('m').length);
  });

  it('passes Busy through a streamed gzip and a zip member instead of calling the data damaged', async () => {
    const big = gzipSync(Buffer.concat([xml('s'), Buffer.alloc(9 * 1024 * 1024, 0x20)]));
    await expect(parseReportFile(big, { memory: { take: () => 'busy' } })).rejects.toBeInstanceOf(Busy);
    const zip = await writeZip([{ name: 'a.xml', data: xml('a') }]);
    await expect(parseReportFile(zip, { memory: { take: () => 'busy' } })).rejects.toBeInstanceOf(Busy);
  });
});
