import { describe, expect, it } from 'vitest';
import { parseIp, queryName } from './reverse';

describe('parseIp / queryName (RFC 5782)', () => {
  it('reverses IPv4 octets (§2.1)', () => {
    const p = parseIp('192.0.2.99')!;
    expect(p).toEqual({ ip: '192.0.2.99', version: 4, reversed: '99.2.0.192' });
    expect(queryName(p, 'bl.example.')).toBe('99.2.0.192.bl.example');
  });

  it('reverses the 32 nibbles of the full IPv6 address (§2.4)', () => {
    const p = parseIp('2001:DB8:1:2::ABCD')!;
    expect(p.version).toBe(6);
    expect(p.ip).toBe('2001:db8:1:2::abcd');
    expect(p.reversed).toBe('d.c.b.a.0.0.0.0.0.0.0.0.0.0.0.0.2.0.0.0.1.0.0.0.8.b.d.0.1.0.0.2');
    expect(p.reversed.split('.')).toHaveLength(32);
  });

  it('checks IPv4-mapped IPv6 as IPv4', () => {
    expect(parseIp('::ffff:198.51.100.7')).toMatchObject({ ip: '198.51.100.7', version: 4 });
  });

  it('rejects names, shorthand IPv4, ranges and garbage', () => {
    for (const bad of ['example.com', '1.2.3', '0x7f.0.0.1', '10.0.0.0/8', '', '1.2.3.4.5', '::g']) {
      expect(parseIp(bad)).toBeNull();
    }
  });
});
