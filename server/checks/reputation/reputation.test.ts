import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../resolver';
import type { Resolver } from '../dnsTypes';
import { parseIp } from '../dnsbl/reverse';
import { startDnsServer, type TestDnsServer } from '../testing/dnsServer';
import { categoryOfAddress, reputationCategories } from './categories';
import { lookupReputation } from './lookup';

let server: TestDnsServer;
let resolver: Resolver;

beforeAll(async () => {
  server = await startDnsServer({
    records: [
      { name: '10.2.0.192.rep.test', type: 'A', data: '127.0.0.10' },
      { name: '20.2.0.192.rep.test', type: 'A', data: '127.0.0.20' },
      { name: '15.2.0.192.rep.test', type: 'A', data: '127.0.0.15' },
      { name: '99.2.0.192.rep.test', type: 'A', data: '127.0.0.99' },
      { name: '12.2.0.192.rep.test', type: 'A', data: '127.0.0.18' },
      { name: '12.2.0.192.rep.test', type: 'A', data: '127.0.0.12' },
      { name: `${parseIp('2001:db8::1')!.reversed}.rep.test`, type: 'A', data: '127.0.0.17' },
    ],
    rules: [{ name: '1.2.0.192.rep.test', action: 'timeout' }],
  });
  resolver = createDnsResolver({ servers: [{ host: server.host, port: server.port }], tries: 1 });
});
afterAll(() => server.close());

const rep = (ip: string, zone: string | undefined = 'rep.test') =>
  lookupReputation(resolver, zone || undefined, parseIp(ip)!, 300);

describe('reputation categories (spec section 3)', () => {
  it('maps 127.0.0.(15 + level) to L5 ... H5, LHO shown as H0, each with its own colour', () => {
    expect(reputationCategories.map((c) => [c.label, c.address])).toEqual([
      ['L5', '127.0.0.10'],
      ['L4', '127.0.0.11'],
      ['L3', '127.0.0.12'],
      ['L2', '127.0.0.13'],
      ['L1', '127.0.0.14'],
      ['H0', '127.0.0.15'],
      ['H1', '127.0.0.16'],
      ['H2', '127.0.0.17'],
      ['H3', '127.0.0.18'],
      ['H4', '127.0.0.19'],
      ['H5', '127.0.0.20'],
    ]);
    expect(categoryOfAddress('127.0.0.15')).toMatchObject({ category: 'LHO', description: 'Neutral' });
    expect(new Set(reputationCategories.map((c) => c.colour)).size).toBe(11);
    expect(categoryOfAddress('127.0.0.2').label).toBe('No info');
  });

  it('reads the category from the zone, worst answer first, IPv6 included', async () => {
    expect(await rep('192.0.2.10')).toMatchObject({ category: 'L5', level: -5, lookup: 'ok' });
    expect(await rep('192.0.2.20')).toMatchObject({ category: 'H5', description: 'Excellent Reputation' });
    expect(await rep('192.0.2.15')).toMatchObject({ label: 'H0', level: 0 });
    expect(await rep('192.0.2.12')).toMatchObject({ category: 'L3' });
    expect(await rep('2001:db8::1')).toMatchObject({ category: 'H2' });
  });

  it("answers 'No info' for no answer, an unknown address, a timeout or no zone", async () => {
    expect(await rep('192.0.2.77')).toMatchObject({ label: 'No info', lookup: 'ok' });
    expect(await rep('192.0.2.99')).toMatchObject({ label: 'No info', lookup: 'ok' });
    expect(await rep('192.0.2.1')).toMatchObject({ label: 'No info', lookup: 'timeout' });
    expect(await rep('192.0.2.1', '')).toMatchObject({ label: 'No info', lookup: 'not_configured' });
  });
});
