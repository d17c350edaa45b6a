import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { startTestApp, type TestApp } from './support/app';
import { call, quickUser, tokenFor } from './support/orgs';

// POST email-senders/{id}/networks/refresh/ against a loopback DNS zone (DNS_SERVERS): ip4/ip6 mechanisms
// that pass, found through includes and redirects, become networks; DNS failures are 502/504, no change.

const base = '/api/dm/dmarc/aggregate-reports/email-senders/';
let t: TestApp;
let dns: TestDnsServer;
let support: string;
const saved = process.env.DNS_SERVERS;

beforeAll(async () => {
  dns = await startDnsServer({
    records: [
      {
        name: '_spf.refresh.example',
        type: 'TXT',
        data: 'v=spf1 ip4:192.0.2.0/24 -ip4:203.0.113.0/24 include:_nested.refresh.example a:mx.refresh.example ~all',
      },
      {
        name: '_nested.refresh.example',
        type: 'TXT',
        data: 'v=spf1 ip6:2001:db8:5::/48 +ip4:198.51.100.9 redirect=_r.refresh.example',
      },
      { name: '_r.refresh.example', type: 'TXT', data: 'v=spf1 ip4:198.51.100.77/24 ?ip4:10.9.9.0/24 -all' },
      { name: 'mx.refresh.example', type: 'A', data: '192.0.2.10' },
      { name: '_spf.slow.example', type: 'TXT', data: 'v=spf1 ip4:192.0.2.0/24 -all' },
      { name: '_spf.broken.example', type: 'TXT', data: 'v=spf1 ip4:192.0.2.0/24 -all' },
    ],
    rules: [
      { name: '_spf.slow.example', action: 'timeout' },
      { name: '_spf.broken.example', action: 'servfail' },
    ],
  });
  process.env.DNS_SERVERS = `127.0.0.1:${dns.port}`;
  t = await startTestApp();
  support = await tokenFor(t, await quickUser(t, { role: 'support' }));
}, 60_000);
afterAll(async () => {
  if (saved === undefined) delete process.env.DNS_SERVERS;
  else process.env.DNS_SERVERS = saved;
  await t.close();
  await dns.close();
});

async function sender(name: string, includes: string[]) {
  const res = await call(t, 'POST', base, support, { name, spf_includes: includes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
const ranges = async (id: string) =>
  (await call(t, 'GET', `${base}${id}/networks/`, support))
    .json()
    .data.map((n: { range: string }) => n.range);

describe('refresh networks from SPF', () => {
  it('adds the passing ip4/ip6 networks of the includes, recursively, keeping hand-entered ones', async () => {
    const id = await sender('Refresh Co', ['_spf.refresh.example']);
    await call(t, 'POST', `${base}${id}/networks/`, support, { range: '100.64.0.0/10' });
    const res = await call(t, 'POST', `${base}${id}/networks/refresh/`, support);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({ found: 4, added: 4 });
    expect(await ranges(id)).toEqual([
      '100.64.0.0/10',
      '192.0.2.0/24',
      '198.51.100.0/24',
      '198.51.100.9/32',
      '2001:db8:5::/48',
    ]);
    const again = await call(t, 'POST', `${base}${id}/networks/refresh/`, support);
    expect(again.json().meta).toEqual({ found: 4, added: 0 });
  });

  it('answers 504 when DNS times out and 502 when it fails, changing nothing', async () => {
    for (const [domain, status] of [
      ['_spf.slow.example', 504],
      ['_spf.broken.example', 502],
    ] as const) {
      const id = await sender(`Down ${status}`, [domain]);
      const res = await call(t, 'POST', `${base}${id}/networks/refresh/`, support);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().detail).toMatch(/^DNS is unreachable: TXT lookup for _spf\.\w+\.example /);
      expect(await ranges(id)).toEqual([]);
    }
  }, 30_000);

  it('is for support users only', async () => {
    const member = await tokenFor(t, await quickUser(t, { role: 'member' }));
    const res = await call(t, 'POST', `${base}1/networks/refresh/`, member);
    expect(res.statusCode).toBe(403);
  });
});
