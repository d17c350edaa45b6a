import { describe, expect, it } from 'vitest';
import {
  absoluteName,
  cnameProblem,
  contentProblem,
  isIPv6,
  nameInZone,
  relativeName,
  ttlProblem,
} from './validate';

const zone = 'example.com.';
const key = (p: { key: string } | null) => p?.key ?? null;

describe('names in the zone', () => {
  it('reads @, relative and absolute names, lower-cased and made absolute', () => {
    expect(nameInZone('@', zone)).toEqual({ name: zone });
    expect(nameInZone('', zone)).toEqual({ name: zone });
    expect(nameInZone('WWW', zone)).toEqual({ name: 'www.example.com.' });
    expect(nameInZone('_dmarc', zone)).toEqual({ name: '_dmarc.example.com.' });
    expect(nameInZone('*.lab', zone)).toEqual({ name: '*.lab.example.com.' });
    expect(nameInZone('mail.example.com.', zone)).toEqual({ name: 'mail.example.com.' });
  });

  it('refuses names outside the zone and malformed labels', () => {
    expect(nameInZone('www.example.org.', zone)).toEqual({
      problem: { key: 'validation.outside', values: { zone } },
    });
    expect(nameInZone('notexample.com.', zone)).toMatchObject({ problem: { key: 'validation.outside' } });
    expect(nameInZone('bad name', zone)).toEqual({ problem: { key: 'validation.name' } });
    expect(nameInZone('-x', zone)).toEqual({ problem: { key: 'validation.name' } });
    expect(nameInZone(`${'a'.repeat(64)}`, zone)).toEqual({ problem: { key: 'validation.name' } });
    expect(nameInZone('a.*', zone)).toEqual({ problem: { key: 'validation.name' } });
  });

  it('shows names relative to the zone', () => {
    expect(relativeName(zone, zone)).toBe('@');
    expect(relativeName('www.example.com.', zone)).toBe('www');
    expect(relativeName('other.test.', zone)).toBe('other.test.');
    expect(absoluteName('Host.Example.COM')).toBe('host.example.com.');
  });
});

describe('record content by type', () => {
  const ok = (type: string, content: string) =>
    expect(contentProblem(type, content), `${type} ${content}`).toBeNull();
  const bad = (type: string, content: string, problem: string) =>
    expect(key(contentProblem(type, content)), `${type} ${content}`).toBe(problem);

  it('A and AAAA take addresses of their family only', () => {
    ok('A', '192.0.2.10');
    bad('A', '192.0.2.256', 'validation.ipv4');
    bad('A', '192.0.2', 'validation.ipv4');
    bad('A', '2001:db8::1', 'validation.ipv4');
    ok('AAAA', '2001:db8::1');
    ok('AAAA', '::ffff:192.0.2.1');
    bad('AAAA', '2001:db8:::1', 'validation.ipv6');
    bad('AAAA', '192.0.2.1', 'validation.ipv6');
    bad('AAAA', 'fe80::1%eth0', 'validation.ipv6');
    expect(isIPv6('1:2:3:4:5:6:7:8:9')).toBe(false);
  });

  it('MX is "preference host", with RFC 7505 null MX; SRV has four fields', () => {
    ok('MX', '10 mail.example.com.');
    ok('MX', '0 .');
    bad('MX', 'mail.example.com.', 'validation.mx');
    bad('MX', '70000 mail.example.com.', 'validation.mx');
    ok('SRV', '10 5 5060 sip.example.com.');
    bad('SRV', '10 5 sip.example.com.', 'validation.srv');
    bad('SRV', '10 5 99999 sip.example.com.', 'validation.srv');
  });

  it('CAA needs flags, a tag and a quoted value (RFC 8659 section 4.1)', () => {
    ok('CAA', '0 issue "letsencrypt.org"');
    ok('CAA', '128 iodef "mailto:security@example.com"');
    bad('CAA', '0 issue letsencrypt.org', 'validation.caa');
    bad('CAA', '256 issue "x"', 'validation.caa');
  });

  it('TXT is quoted strings of at most 255 octets each (RFC 1035 section 3.3)', () => {
    ok('TXT', '"v=spf1 -all"');
    ok('TXT', '"part one" "part two"');
    ok('TXT', '"say \\"hi\\""');
    ok('TXT', `"${'a'.repeat(255)}"`);
    bad('TXT', 'v=spf1 -all', 'validation.txt');
    bad('TXT', '"unterminated', 'validation.txt');
    bad('TXT', `"${'a'.repeat(256)}"`, 'validation.txt');
    bad('TXT', `"${'é'.repeat(128)}"`, 'validation.txt'); // 256 octets in UTF-8
  });

  it('host types take host names; empty or control characters never pass', () => {
    ok('CNAME', 'target.example.net.');
    bad('CNAME', 'not a host', 'validation.host');
    bad('NS', '', 'validation.content');
    bad('TXT', '"a\u0001b"', 'validation.content');
    ok('TLSA', '3 1 1 abcdef'); // left to the server and PowerDNS
  });

  it('TTL is a whole number of seconds from 1', () => {
    expect(ttlProblem('3600')).toBeNull();
    expect(key(ttlProblem('0'))).toBe('validation.ttl');
    expect(key(ttlProblem('1.5'))).toBe('validation.ttl');
    expect(key(ttlProblem('abc'))).toBe('validation.ttl');
  });
});

describe('CNAME alone at its name (RFC 1034 section 3.6.2)', () => {
  it('refuses a CNAME beside other types, another type beside a CNAME, two targets, or the apex', () => {
    expect(cnameProblem('www.example.com.', zone, 'CNAME', 1, [])).toBeNull();
    expect(key(cnameProblem('www.example.com.', zone, 'CNAME', 1, ['A']))).toBe('validation.cnameAlone');
    expect(key(cnameProblem('www.example.com.', zone, 'TXT', 1, ['CNAME']))).toBe('validation.cnameAlone');
    expect(key(cnameProblem('www.example.com.', zone, 'CNAME', 2, []))).toBe('validation.cnameOne');
    expect(key(cnameProblem(zone, zone, 'CNAME', 1, []))).toBe('validation.cnameApex');
    expect(cnameProblem('www.example.com.', zone, 'A', 1, ['AAAA', 'TXT'])).toBeNull();
  });
});
