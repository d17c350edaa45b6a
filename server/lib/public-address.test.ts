import { describe, expect, it } from 'vitest';
import { isPublicAddress, nonPublicRange } from './public-address';

// One address inside each refused block (its first, a middle and its last address where the edges matter)
// and the public addresses just outside the edges.

const refused: [string, string][] = [
  ['0.0.0.0', '0.0.0.0/8'],
  ['0.255.255.255', '0.0.0.0/8'],
  ['10.0.0.1', '10.0.0.0/8'],
  ['10.255.255.255', '10.0.0.0/8'],
  ['100.64.0.0', '100.64.0.0/10'],
  ['100.127.255.255', '100.64.0.0/10'],
  ['127.0.0.1', '127.0.0.0/8'],
  ['127.255.0.9', '127.0.0.0/8'],
  ['169.254.169.254', '169.254.0.0/16'],
  ['172.16.0.1', '172.16.0.0/12'],
  ['172.31.255.255', '172.16.0.0/12'],
  ['192.0.0.8', '192.0.0.0/24'],
  ['192.0.2.25', '192.0.2.0/24'],
  ['192.88.99.1', '192.88.99.0/24'],
  ['192.168.1.1', '192.168.0.0/16'],
  ['198.18.0.1', '198.18.0.0/15'],
  ['198.19.255.255', '198.18.0.0/15'],
  ['198.51.100.7', '198.51.100.0/24'],
  ['203.0.113.9', '203.0.113.0/24'],
  ['224.0.0.251', '224.0.0.0/4'],
  ['239.255.255.250', '224.0.0.0/4'],
  ['240.0.0.1', '240.0.0.0/4'],
  ['255.255.255.254', '240.0.0.0/4'],
  ['255.255.255.255', '255.255.255.255/32'],
  ['::', '::/128'],
  ['::1', '::1/128'],
  ['64:ff9b:1::a00:1', '64:ff9b:1::/48'],
  ['100::1', '100::/64'],
  ['2001::1', '2001::/23'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::/23'],
  ['2001:db8::25', '2001:db8::/32'],
  ['3fff::1', '3fff::/20'],
  ['fc00::1', 'fc00::/7'],
  ['fd12:3456::1', 'fc00::/7'],
  ['fe80::1', 'fe80::/10'],
  ['fe80::1%eth0', 'fe80::/10'],
  ['febf::1', 'fe80::/10'],
  ['ff02::1', 'ff00::/8'],
  ['ff0e::101', 'ff00::/8'],
  // Outside 2000::/3: IPv4-compatible, IPv4-translated, deprecated site-local, unassigned.
  ['::7f00:1', 'outside 2000::/3'],
  ['::ffff:0:7f00:1', 'outside 2000::/3'],
  ['fec0::1', 'outside 2000::/3'],
  ['4000::1', 'outside 2000::/3'],
  // IPv6 forms that reach an IPv4 address: judged by it.
  ['::ffff:127.0.0.1', '127.0.0.0/8'],
  ['::ffff:a00:1', '10.0.0.0/8'],
  ['::ffff:169.254.169.254', '169.254.0.0/16'],
  ['64:ff9b::192.168.0.1', '192.168.0.0/16'],
  ['64:ff9b::7f00:1', '127.0.0.0/8'],
  ['2002:7f00:1::1', '127.0.0.0/8'],
  ['2002:ac10:1::', '172.16.0.0/12'],
];

const allowed = [
  '1.1.1.1',
  '8.8.8.8',
  '9.255.255.255',
  '11.0.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.0',
  '169.253.255.255',
  '172.15.255.255',
  '172.32.0.0',
  '192.0.1.255',
  '192.0.3.0',
  '192.167.255.255',
  '192.169.0.0',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
  '2001:4860:4860::8888',
  '2a00:1450:4001:80b::200e',
  '2000::1',
  '3ffe:ffff::1',
  '2001:200::1',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

describe('nonPublicRange', () => {
  it.each(refused)('refuses %s (in %s)', (address, range) => {
    expect(nonPublicRange(address)).toMatchObject({ address, range });
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(allowed)('allows %s', (address) => {
    expect(nonPublicRange(address)).toBeNull();
    expect(isPublicAddress(address)).toBe(true);
  });

  it('names the kind of block with its RFC', () => {
    expect(nonPublicRange('10.1.2.3')?.kind).toBe('private (RFC 1918)');
    expect(nonPublicRange('::ffff:127.0.0.1')?.kind).toBe('loopback (RFC 1122)');
  });

  it.each(['', 'mx.example.com', '127.1', '0x7f.0.0.1', '2130706433', '1.2.3'])(
    'refuses %j, which is not an address in its one textual form',
    (text) => {
      expect(nonPublicRange(text)).toMatchObject({ kind: 'not an IP address' });
    },
  );
});
