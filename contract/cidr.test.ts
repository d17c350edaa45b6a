import { normalizeCidr } from './cidr';

const cidrMessage = { code: 'cidr_invalid' };

describe('normalizeCidr', () => {
  it('accepts IPv4 and IPv6 networks, writing them canonically', () => {
    expect(normalizeCidr('192.0.2.0/24')).toEqual({ ok: true, range: '192.0.2.0/24' });
    expect(normalizeCidr(' 2001:DB8::/32 ')).toEqual({ ok: true, range: '2001:db8::/32' });
    expect(normalizeCidr('0.0.0.0/0')).toEqual({ ok: true, range: '0.0.0.0/0' });
  });

  it('reads a bare address as the host network', () => {
    expect(normalizeCidr('198.51.100.7')).toEqual({ ok: true, range: '198.51.100.7/32' });
    expect(normalizeCidr('2001:db8::1')).toEqual({ ok: true, range: '2001:db8::1/128' });
  });

  it('refuses host bits, bad prefixes and text', () => {
    expect(normalizeCidr('192.0.2.1/24')).toEqual({
      ok: false,
      message: { code: 'cidr_host_bits', params: { range: '192.0.2.1/24', network: '192.0.2.0/24' } },
    });
    for (const bad of ['192.0.2.0/33', '2001:db8::/129', 'example.com', '300.1.1.1/8', '', '10.0.0.0/ 8'])
      expect(normalizeCidr(bad), bad).toEqual({ ok: false, message: cidrMessage });
  });
});
