import ipaddr from 'ipaddr.js';

// The DNSxL query name of an address (RFC 5782 §2.1 for IPv4: octets reversed; §2.4 for IPv6: the 32 nibbles
// of the full address reversed, one label each). IPv4-mapped IPv6 addresses are checked as the IPv4 address.

export type ParsedIp = { ip: string; version: 4 | 6; reversed: string };

export function parseIp(input: string): ParsedIp | null {
  const text = input.trim();
  if (!ipaddr.isValid(text)) return null;
  // ipaddr accepts shorthand IPv4 ("1.2.3" or "0x7f.1"); a lookup target must be written out in full.
  if (!text.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(text)) return null;
  let addr = ipaddr.parse(text);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  if (addr.kind() === 'ipv4') {
    const octets = (addr as ipaddr.IPv4).octets;
    return { ip: octets.join('.'), version: 4, reversed: [...octets].reverse().join('.') };
  }
  const v6 = addr as ipaddr.IPv6;
  const nibbles = v6.parts.flatMap((part) => part.toString(16).padStart(4, '0').split(''));
  return { ip: v6.toString(), version: 6, reversed: nibbles.reverse().join('.') };
}

export const queryName = (parsed: ParsedIp, zone: string) => `${parsed.reversed}.${zone.replace(/\.$/, '')}`;
