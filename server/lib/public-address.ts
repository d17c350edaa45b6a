import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

// Whether an address is globally reachable unicast: the only kind the public checks may connect to when the
// address came from a name a caller chose (an MX host, mta-sts.<domain>, a name server). The blocks are the
// IANA special-purpose registries (RFC 6890 and its updates) whose "globally reachable" is not true, plus
// multicast and the unassigned IPv6 space outside 2000::/3. IPv6 forms that carry an IPv4 address
// (IPv4-mapped, NAT64, 6to4) are judged by that IPv4 address, since a connection to them reaches it.

export type NonPublic = { address: string; range: string; kind: string };

type Block = { cidr: string; kind: string; net: [ipaddr.IPv4 | ipaddr.IPv6, number] };

const block = (cidr: string, kind: string): Block => ({ cidr, kind, net: ipaddr.parseCIDR(cidr) });

// Most specific first: the first match names the range.
const IPV4: Block[] = [
  block('0.0.0.0/8', 'this network (RFC 791)'),
  block('10.0.0.0/8', 'private (RFC 1918)'),
  block('100.64.0.0/10', 'shared address space (RFC 6598)'),
  block('127.0.0.0/8', 'loopback (RFC 1122)'),
  block('169.254.0.0/16', 'link-local (RFC 3927)'),
  block('172.16.0.0/12', 'private (RFC 1918)'),
  // Whole /24, although two anycast addresses in it (192.0.0.9, .10) are reachable: no mail host lives there.
  block('192.0.0.0/24', 'IETF protocol assignments (RFC 6890)'),
  block('192.0.2.0/24', 'documentation (RFC 5737)'),
  block('192.88.99.0/24', 'deprecated 6to4 relay anycast (RFC 7526)'),
  block('192.168.0.0/16', 'private (RFC 1918)'),
  block('198.18.0.0/15', 'benchmarking (RFC 2544)'),
  block('198.51.100.0/24', 'documentation (RFC 5737)'),
  block('203.0.113.0/24', 'documentation (RFC 5737)'),
  block('224.0.0.0/4', 'multicast (RFC 5771)'),
  block('255.255.255.255/32', 'limited broadcast (RFC 919)'),
  block('240.0.0.0/4', 'reserved (RFC 1112)'),
];

const IPV6: Block[] = [
  block('::/128', 'unspecified (RFC 4291)'),
  block('::1/128', 'loopback (RFC 4291)'),
  block('64:ff9b:1::/48', 'local-use NAT64 (RFC 8215)'),
  block('100::/64', 'discard-only (RFC 6666)'),
  // Teredo (2001::/32) and the other IETF protocol assignments; the few reachable anycast services in
  // this /23 are never mail hosts.
  block('2001::/23', 'IETF protocol assignments (RFC 2928)'),
  block('2001:db8::/32', 'documentation (RFC 3849)'),
  block('3fff::/20', 'documentation (RFC 9637)'),
  block('fc00::/7', 'unique local (RFC 4193)'),
  block('fe80::/10', 'link-local (RFC 4291)'),
  block('ff00::/8', 'multicast (RFC 4291)'),
];

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');

/** The IPv4 address an IPv6 address reaches through mapping or translation, if any. */
function embeddedIpv4(a: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (a.isIPv4MappedAddress()) return a.toIPv4Address(); // ::ffff:0:0/96, RFC 4291 §2.5.5.2
  const p = a.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  if (a.match(NAT64)) return v4(p[6], p[7]); // RFC 6052 §2.1
  if (a.match(SIX_TO_FOUR)) return v4(p[1], p[2]); // RFC 3056 §2
  return null;
}

function firstMatch(a: ipaddr.IPv4 | ipaddr.IPv6, blocks: Block[]): Block | undefined {
  return blocks.find((b) => b.net[0].kind() === a.kind() && a.match(b.net));
}

/** Null for a globally reachable unicast address; otherwise the block it falls in. */
export function nonPublicRange(address: string): NonPublic | null {
  if (isIP(address) === 0) return { address, range: address, kind: 'not an IP address' };
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') {
    const hit = firstMatch(parsed, IPV4);
    return hit ? { address, range: hit.cidr, kind: hit.kind } : null;
  }
  const v6 = parsed as ipaddr.IPv6;
  const inner = embeddedIpv4(v6);
  if (inner) {
    const hit = firstMatch(inner, IPV4);
    return hit ? { address, range: hit.cidr, kind: hit.kind } : null;
  }
  const hit = firstMatch(v6, IPV6);
  if (hit) return { address, range: hit.cidr, kind: hit.kind };
  if (!v6.match(GLOBAL_UNICAST)) {
    return { address, range: 'outside 2000::/3', kind: 'not global unicast (RFC 4291 §2.4)' };
  }
  return null;
}

export const isPublicAddress = (address: string): boolean => nonPublicRange(address) === null;
