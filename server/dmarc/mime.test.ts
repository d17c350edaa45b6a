import { gzipSync } from 'node:zlib';
import { reportXml } from '../../tests/fixtures/dmarc/build-report';
import { walkMime } from './mime';
import { parseReportFile } from './parse-report-file';

// Attachment names as reporters encode them: RFC 2231 (charset, continuations) and RFC 2047 encoded-words
// in name= and filename=. The walk's leaves carry the decoded name; the report's own bytes are stored under it.

const gz = gzipSync(reportXml({ reportId: 'r1', domain: 'example.com' }));
const b64 = (b: Buffer) => b.toString('base64').replace(/.{76}/g, '$&\r\n');

/** A one-attachment report mail whose attachment has the given header lines. */
const mail = (partHeaders: string, subject = 'Report Domain: example.com') =>
  Buffer.from(
    `From: noreply-dmarc-support@google.com\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\n` +
      'Content-Type: multipart/mixed; boundary="000000000000a1b2c3"\r\n\r\n' +
      '--000000000000a1b2c3\r\nContent-Type: text/plain; charset="UTF-8"\r\n\r\nThis is an aggregate report.\r\n' +
      `--000000000000a1b2c3\r\n${partHeaders}\r\nContent-Transfer-Encoding: base64\r\n\r\n${b64(gz)}\r\n` +
      '--000000000000a1b2c3--\r\n',
    'latin1',
  );

const attachmentName = (partHeaders: string) => walkMime(mail(partHeaders))[1].filename;

describe('attachment names', () => {
  it("decodes Google's RFC 2231 filename*=UTF-8''", () => {
    expect(
      attachmentName(
        'Content-Type: application/zip\r\n' +
          "Content-Disposition: attachment;\r\n\tfilename*=UTF-8''google.com%21example.com%211669507200%211669593599.zip",
      ),
    ).toBe('google.com!example.com!1669507200!1669593599.zip');
  });

  it('joins RFC 2231 continuations, encoded and plain, folded over lines', () => {
    expect(
      attachmentName(
        'Content-Type: application/gzip\r\nContent-Disposition: attachment;\r\n' +
          " filename*0*=UTF-8''google.com%21example.com%21;\r\n filename*1*=1669507200%21;\r\n" +
          ' filename*2="1669593599.xml.gz"',
      ),
    ).toBe('google.com!example.com!1669507200!1669593599.xml.gz');
  });

  it('decodes RFC 2047 B and Q encoded-words in name= and filename=', () => {
    const b = Buffer.from('outlook.com!example.com!1666483200!1666569600.xml.gz').toString('base64');
    expect(attachmentName(`Content-Type: application/gzip; name="=?UTF-8?B?${b}?="`)).toBe(
      'outlook.com!example.com!1666483200!1666569600.xml.gz',
    );
    expect(
      attachmentName(
        'Content-Type: application/gzip\r\n' +
          'Content-Disposition: attachment; filename="=?utf-8?Q?relat=C3=B3rio_exemplo.xml.gz?="',
      ),
    ).toBe('relatório exemplo.xml.gz');
  });

  it('decodes a Content-Type name in ISO-8859-1, as encoded-word and as RFC 2231 with a language', () => {
    expect(
      attachmentName(
        'Content-Type: application/gzip; charset=ISO-8859-1;\r\n name="=?ISO-8859-1?Q?r=E9sum=E9.xml.gz?="',
      ),
    ).toBe('résumé.xml.gz');
    expect(
      attachmentName(
        "Content-Type: application/gzip; charset=ISO-8859-1;\r\n name*=iso-8859-1'pt'r%E9sum%E9.xml.gz",
      ),
    ).toBe('résumé.xml.gz');
  });

  it('reads an 8-bit name as UTF-8 when it is UTF-8 (RFC 6532), else as latin1', () => {
    const utf8Name = Buffer.from('Content-Type: application/gzip; name="relatório.xml.gz"', 'utf8').toString(
      'latin1',
    );
    expect(attachmentName(utf8Name)).toBe('relatório.xml.gz');
    expect(attachmentName('Content-Type: application/gzip; name="r\xe9sum\xe9.xml.gz"')).toBe(
      'résumé.xml.gz',
    );
  });

  it('keeps a decoded name on one line', () => {
    expect(
      attachmentName(
        "Content-Type: application/gzip\r\nContent-Disposition: attachment; filename*=UTF-8''a%0D%0Ab%00.gz",
      ),
    ).toBe('a__b_.gz');
  });

  it('never decodes a boundary and keeps the raw part as sent', () => {
    const boundary = '=?utf-8?q?x?=';
    const part =
      "Content-Type: application/gzip\r\nContent-Disposition: attachment; filename*=UTF-8''a%21b.xml.gz";
    const message = Buffer.from(
      `Content-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n--${boundary}\r\n` +
        `${part}\r\nContent-Transfer-Encoding: base64\r\n\r\n${b64(gz)}\r\n--${boundary}--\r\n`,
    );
    const [leaf] = walkMime(message);
    expect(leaf.filename).toBe('a!b.xml.gz');
    expect(leaf.body).toEqual(gz);
    expect(leaf.raw.toString('latin1')).toContain("filename*=UTF-8''a%21b.xml.gz");
  });

  it("stores a report's own bytes under the decoded name", async () => {
    const o = await parseReportFile(
      mail("Content-Type: application/gzip;\r\n name*=UTF-8''google.com%21example.com%211%212.xml.gz"),
      { keepParts: true },
    );
    expect(o.ok && o.parts?.map((p) => p?.name)).toEqual(['google.com!example.com!1!2.xml.gz']);
  });

  it('quotes the decoded subject of a mail without a report', async () => {
    const subject = `=?utf-8?B?${Buffer.from('Relatório: nenhum').toString('base64')}?=`;
    const empty = Buffer.from(
      `From: a@example.com\r\nSubject: ${subject}\r\nContent-Type: text/plain\r\n\r\nhello\r\n`,
    );
    const o = await parseReportFile(empty);
    expect(!o.ok && o.reason).toBe(
      'The e-mail message holds no DMARC, TLS or failure report (subject: Relatório: nenhum)',
    );
  });

  it('reads the parameters of a header only up to its bound', () => {
    const segments = Array.from({ length: 2000 }, (_, i) => `filename*${i}=A`).join('; ');
    expect(
      attachmentName(`Content-Type: application/gzip\r\nContent-Disposition: attachment; ${segments}`),
    ).toMatch(/^A{500,800}$/);
  });
});
