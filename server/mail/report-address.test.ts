import { defaultReportAddressing, headerRecipients, reportAddress, slugOfAddress } from './report-address';

const slug = '0123456789abcdef0123';

describe('report addresses', () => {
  it('defaults to plus-addressing into the IMAP mailbox, else the public host name', () => {
    expect(
      defaultReportAddressing('imaps://dmarc%40Example.com:pw@mail.example.com/INBOX', 'http://x'),
    ).toEqual({
      domain: 'example.com',
      prefix: 'dmarc',
    });
    expect(
      defaultReportAddressing('imap://reports:pw@127.0.0.1/', 'https://Console.Example.net:8443'),
    ).toEqual({
      domain: 'console.example.net',
    });
    expect(defaultReportAddressing(undefined, 'http://localhost:8080')).toEqual({ domain: 'localhost' });
  });

  it('spells and recognises an organization address, with or without a prefix, in any case', () => {
    const plain = { domain: 'reports.example.com' };
    const plus = { domain: 'example.com', prefix: 'dmarc' };
    expect(reportAddress(slug, plain)).toBe(`${slug}@reports.example.com`);
    expect(reportAddress(slug, plus)).toBe(`dmarc+${slug}@example.com`);
    expect(slugOfAddress(`${slug.toUpperCase()}@Reports.Example.com.`, plain)).toBe(slug);
    expect(slugOfAddress(`anything+${slug}@reports.example.com`, plain)).toBe(slug);
    expect(slugOfAddress(`${slug}@example.com`, plus)).toBe(slug);
    expect(slugOfAddress(`${slug}@elsewhere.example`, plain)).toBeNull();
    expect(slugOfAddress('dmarc@reports.example.com', plain)).toBeNull();
    expect(slugOfAddress(`${slug}0@reports.example.com`, plain)).toBeNull();
    expect(slugOfAddress('no-at-sign', plain)).toBeNull();
  });

  it('reads the recipients of a stored message, receiving system first, folded lines joined', () => {
    const message = Buffer.from(
      [
        'From: reporter@example.net',
        'To: "Reports" <a@x.example>,',
        ' b@y.example',
        'Cc: c@z.example',
        'X-Original-To: orig@x.example',
        'Delivered-To: first@x.example',
        'Subject: report',
        '',
        'To: body@not-a-header.example',
      ].join('\n'),
    );
    expect(headerRecipients(message)).toEqual([
      'first@x.example',
      'orig@x.example',
      'a@x.example',
      'b@y.example',
      'c@z.example',
    ]);
  });
});
