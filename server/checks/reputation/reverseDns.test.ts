import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../resolver';
import type { Resolver } from '../dnsTypes';
import { parseIp } from '../dnsbl/reverse';
import { startDnsServer, type TestDnsServer } from '../testing/dnsServer';
import { ptrName, reverseDns } from './reverseDns';

let server: TestDnsServer;
let resolver: Resolver;
const v6 = parseIp('2001:db8::25')!;

beforeAll(async () => {
  server = await startDnsServer({
    records: [
      { name: '10.2.0.192.in-addr.arpa', type: 'PTR', data: 'liar.example.test' },
      { name: '10.2.0.192.in-addr.arpa', type: 'PTR', data: 'mail.example.test' },
      { name: 'mail.example.test', type: 'A', data: '192.0.2.10' },
      { name: 'liar.example.test', type: 'A', data: '192.0.2.99' },
      { name: '11.2.0.192.in-addr.arpa', type: 'PTR', data: 'liar.example.test' },
      { name: ptrName(v6), type: 'PTR', data: 'mx6.example.test' },
      { name: 'mx6.example.test', type: 'AAAA', data: '2001:0db8:0:0::25' },
    ],
    rules: [{ name: '12.2.0.192.in-addr.arpa', action: 'timeout' }],
  });
  resolver = createDnsResolver({ servers: [{ host: server.host, port: server.port }], tries: 1 });
});
afterAll(() => server.close());

const rdns = (ip: string) => reverseDns(resolver, parseIp(ip)!, 300);

describe('reverseDns (forward-confirmed)', () => {
  it('prefers the PTR name whose address leads back', async () => {
    expect(await rdns('192.0.2.10')).toMatchObject({
      hostname: 'mail.example.test',
      confirmed: true,
      names: [
        { name: 'liar.example.test', confirmed: false },
        { name: 'mail.example.test', confirmed: true },
      ],
    });
  });

  it('keeps an unconfirmed name as unconfirmed, and reports none and timeouts', async () => {
    expect(await rdns('192.0.2.11')).toMatchObject({ hostname: 'liar.example.test', confirmed: false });
    expect(await rdns('192.0.2.13')).toMatchObject({ hostname: null, status: 'none' });
    expect(await rdns('192.0.2.12')).toMatchObject({ hostname: null, status: 'timeout' });
  });

  it('confirms IPv6 through ip6.arpa and AAAA, whatever the spelling', async () => {
    expect(ptrName(v6)).toMatch(/\.ip6\.arpa$/);
    expect(await rdns('2001:db8::25')).toMatchObject({ hostname: 'mx6.example.test', confirmed: true });
  });
});
