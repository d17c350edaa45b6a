import { normaliseDomainName } from './names';

const invalidDomain = 'domain_invalid';
const notRegistrable = 'domain_not_registrable';
const trailingDot = 'domain_trailing_dot';

describe('normaliseDomainName', () => {
  it('lower-cases and converts IDNs to punycode', () => {
    expect(normaliseDomainName(' Example.COM ')).toEqual({ ok: true, name: 'example.com' });
    expect(normaliseDomainName('bücher.example')).toEqual({ ok: false, message: notRegistrable });
    expect(normaliseDomainName('Bücher.de')).toEqual({ ok: true, name: 'xn--bcher-kva.de' });
    expect(normaliseDomainName('mail.example.co.uk')).toEqual({ ok: true, name: 'mail.example.co.uk' });
  });

  it('refuses a trailing dot, bare public suffixes, IPs and bad labels', () => {
    expect(normaliseDomainName('example.com.')).toEqual({ ok: false, message: trailingDot });
    expect(normaliseDomainName('co.uk')).toEqual({ ok: false, message: notRegistrable });
    expect(normaliseDomainName('com')).toEqual({ ok: false, message: notRegistrable });
    expect(normaliseDomainName('192.0.2.1')).toEqual({ ok: false, message: invalidDomain });
    expect(normaliseDomainName('-bad.example.com')).toEqual({ ok: false, message: invalidDomain });
    expect(normaliseDomainName('a..example.com')).toEqual({ ok: false, message: invalidDomain });
    expect(normaliseDomainName(`${'a'.repeat(64)}.com`)).toEqual({ ok: false, message: invalidDomain });
    expect(normaliseDomainName('exa mple.com')).toEqual({ ok: false, message: invalidDomain });
    expect(normaliseDomainName('')).toEqual({ ok: false, message: invalidDomain });
  });
});
