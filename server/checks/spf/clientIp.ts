import ipaddr from 'ipaddr.js';

// The connecting client's address as SPF sees it, and CIDR matching (RFC 7208 §5.6).

export type ClientIp = {
  kind: 'ipv4' | 'ipv6';
  addr: ipaddr.IPv4 | ipaddr.IPv6;
  /** %{c}: readable form (dotted quad, or RFC 5952 compressed IPv6). */
  readable: string;
  /** %{i}: dotted quad, or 32 dot-separated nibbles for IPv6 (§7.3). */
  dotted: string;
  /** %{v}: "in-addr" or "ip6". */
  version: 'in-addr' | 'ip6';
  /** The PTR query name (RFC 1035 §3.5, RFC 3596 §2.5). */
  reverseName: string;
};

// ip4-network = qnum "." qnum "." qnum "." qnum; qnum = 0-255 without leading zeros (RFC 7208 §5.6).
const QNUM = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]\\d|\\d)';
const IP4 = new RegExp(`^${QNUM}(?:\\.${QNUM}){3}$`);

export const isIp4Network = (s: string) => IP4.test(s);

export function isIp6Network(s: string): boolean {
  return /^[0-9A-Fa-f:.]+$/.test(s) && s.includes(':') && ipaddr.IPv6.isValid(s);
}

export function parseClientIp(input: string): ClientIp | null {
  const text = input.trim();
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  if (isIp4Network(text)) addr = ipaddr.IPv4.parse(text);
  else if (isIp6Network(text)) addr = ipaddr.IPv6.parse(text);
  else return null;
  // RFC 7208 §5: an IPv4-mapped IPv6 address MUST be treated as the IPv4 address.
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  if (addr.kind() === 'ipv4') {
    const s = addr.toString();
    return {
      kind: 'ipv4',
      addr,
      readable: s,
      dotted: s,
      version: 'in-addr',
      reverseName: `${s.split('.').reverse().join('.')}.in-addr.arpa`,
    };
  }
  const nibbles = (addr as ipaddr.IPv6)
    .toByteArray()
    .flatMap((b) => [b >> 4, b & 15])
    .map((n) => n.toString(16));
  return {
    kind: 'ipv6',
    addr,
    readable: addr.toString(),
    dotted: nibbles.join('.'),
    version: 'ip6',
    reverseName: `${[...nibbles].reverse().join('.')}.ip6.arpa`,
  };
}

/** Does the client fall in `network`/`bits`? An address of the other family never matches (§5.6). */
export function inNetwork(client: ClientIp, network: string, bits: number): boolean {
  let other: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    other = ipaddr.parse(network);
  } catch {
    return false;
  }
  // ip6:::ffff:a.b.c.d never matches: a mapped client is IPv4 and only ip4 applies to it (§5).
  if (other.kind() !== client.kind) return false;
  return client.addr.match(other, bits);
}
