import { termNetwork } from './spf-networks';

describe('termNetwork', () => {
  it('reads ip4/ip6 terms as networks, clearing host bits (RFC 7208 section 5.6)', () => {
    expect(termNetwork('ip4:192.0.2.0/24')).toBe('192.0.2.0/24');
    expect(termNetwork('+ip4:198.51.100.77/24')).toBe('198.51.100.0/24');
    expect(termNetwork('ip4:198.51.100.9')).toBe('198.51.100.9/32');
    expect(termNetwork('IP6:2001:DB8:5::/48')).toBe('2001:db8:5::/48');
    expect(termNetwork('ip6:2001:db8::1')).toBe('2001:db8::1/128');
  });

  it('refuses other mechanisms, the wrong family and bad prefixes', () => {
    for (const bad of ['a:mx.example.com', 'ip4:2001:db8::/32', 'ip6:192.0.2.1', 'ip4:192.0.2.0/33', 'ip4:x'])
      expect(termNetwork(bad), bad).toBeNull();
  });
});
