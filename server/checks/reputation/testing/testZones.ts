import { parseIp } from '../../dnsbl/reverse';
import type { ZoneRecord, ZoneRule } from '../../testing/dnsZone';

// Blocklist and reputation zones for tests (integration and browser), served by testing/dnsServer.ts.
// Zones: zen.test (Spamhaus ZEN meanings), cop.test, wl.test (allow-list), rep.test (reputation).
// DNSBL_ZONES for them: testLists; REPUTATION_ZONE: 'rep.test'.

export const testLists = 'zen.test=zen.spamhaus.org,cop.test=bl.spamcop.net,wl.test=list.dnswl.org';
export const testReputationZone = 'rep.test';

export const testIps = {
  /** Listed on zen.test (two codes, TXT reason) and cop.test, allow-listed on wl.test, L4, confirmed rDNS. */
  listed: '192.0.2.10',
  /** On no list, H3, no reverse DNS. */
  clean: '192.0.2.20',
  /** zen.test answers 127.255.255.254 (public resolver), cop.test times out; no reputation answer. */
  errors: '192.0.2.30',
  /** IPv6, listed on zen.test, L2. */
  v6: '2001:db8::25',
} as const;

const rev = (ip: string) => parseIp(ip)!.reversed;

export const testZoneRecords: ZoneRecord[] = [
  { name: `${rev(testIps.listed)}.zen.test`, type: 'A', data: '127.0.0.2' },
  { name: `${rev(testIps.listed)}.zen.test`, type: 'A', data: '127.0.0.4' },
  {
    name: `${rev(testIps.listed)}.zen.test`,
    type: 'TXT',
    data: 'Listed in SBL test: https://example.test/sbl',
  },
  { name: `${rev(testIps.listed)}.cop.test`, type: 'A', data: '127.0.0.2' },
  { name: `${rev(testIps.listed)}.wl.test`, type: 'A', data: '127.0.5.2' },
  { name: `${rev(testIps.listed)}.rep.test`, type: 'A', data: '127.0.0.11' },
  { name: `${rev(testIps.listed)}.in-addr.arpa`, type: 'PTR', data: 'mail.sender.test' },
  { name: 'mail.sender.test', type: 'A', data: testIps.listed },
  { name: `${rev(testIps.clean)}.rep.test`, type: 'A', data: '127.0.0.18' },
  { name: `${rev(testIps.errors)}.zen.test`, type: 'A', data: '127.255.255.254' },
  { name: `${rev(testIps.v6)}.zen.test`, type: 'A', data: '127.0.0.3' },
  { name: `${rev(testIps.v6)}.rep.test`, type: 'A', data: '127.0.0.13' },
];

export const testZoneRules: ZoneRule[] = [{ name: `${rev(testIps.errors)}.cop.test`, action: 'timeout' }];
