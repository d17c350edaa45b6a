import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  testIps,
  testLists,
  testReputationZone,
  testZoneRecords,
  testZoneRules,
} from '../../server/checks/reputation/testing/testZones';
import { createDnsResolver } from '../../server/checks/resolver';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { configureReputation } from '../../server/modules/reputation/services';
import { bearer, login, makeUser, startTestApp, type TestApp } from './support/app';

let dns: TestDnsServer;
let t: TestApp;
let token: string;

beforeAll(async () => {
  dns = await startDnsServer({ records: testZoneRecords, rules: testZoneRules });
  t = await startTestApp({
    env: { DNSBL_ZONES: testLists, REPUTATION_ZONE: testReputationZone, DNSBL_TIMEOUT_MS: '300' },
  });
  configureReputation(t.ctx, {
    resolver: createDnsResolver({ servers: [{ host: dns.host, port: dns.port }], tries: 1 }),
  });
  const { email, password } = await makeUser(t.db);
  token = (await login(t.app, { username: email, password })).json<{ access: string }>().access;
});

afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const verify = (target: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'GET',
    url: `/api/rep/ipVerify/?ipLookup=true&target=${encodeURIComponent(target)}&token=`,
    headers: bearer(token),
    remoteAddress,
  });

type Attributes = Record<string, unknown> & {
  lookup_list: Record<string, unknown>[];
  reputation: Record<string, unknown>;
};
const attributesOf = (res: { json: () => unknown }) =>
  (res.json() as { data: { attributes: Attributes } }).data.attributes;

describe('GET /api/rep/ipVerify/', () => {
  it('needs a bearer token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/rep/ipVerify/?target=${testIps.listed}` });
    expect(res.statusCode).toBe(401);
  });

  it('answers the listing per list, the reputation category and the summary', async () => {
    const res = await verify(testIps.listed);
    expect(res.statusCode).toBe(200);
    const a = attributesOf(res);
    expect(a).toMatchObject({
      target: testIps.listed,
      target_host: 'mail.sender.test',
      target_host_confirmed: true,
      reverse_dns: 'mail.sender.test',
      title: 'mail.sender.test',
      asn: null,
      net: null,
      country_code: null,
      city: null,
      region: null,
      listed: 2,
      no_listed: 0,
      allow_listed: 1,
      delistable: true,
    });
    expect(a.reputation).toMatchObject({ category: 'L4', label: 'L4', description: 'Very bad reputation' });
    expect(a.lookup_list.map((l) => [l.zone, l.status, l.kind])).toEqual([
      ['zen.test', 'listed', 'block'],
      ['cop.test', 'listed', 'block'],
      ['wl.test', 'listed', 'allow'],
    ]);
    expect(a.lookup_list[0]).toMatchObject({
      name: 'Spamhaus ZEN',
      reason: 'Listed in SBL test: https://example.test/sbl',
      delist_url: 'https://check.spamhaus.org/',
      codes: [
        { code: '127.0.0.2', meaning: expect.stringContaining('SBL') },
        { code: '127.0.0.4', meaning: expect.stringContaining('XBL') },
      ],
    });
    expect(typeof a.lookup_list[0].time_ms).toBe('number');
  });

  it('reports error answers and timeouts as such, and No info without a reputation answer', async () => {
    const a = attributesOf(await verify(testIps.errors));
    expect(a.lookup_list.map((l) => l.status)).toEqual(['error', 'timeout', 'not_listed']);
    expect(a.lookup_list[0].codes).toEqual([
      { code: '127.255.255.254', meaning: expect.stringContaining('public or open resolver') },
    ]);
    expect(a).toMatchObject({ listed: 0, no_listed: 0, failed: 2, delistable: false });
    expect(a.reputation).toMatchObject({ label: 'No info', level: null });
  });

  it('looks IPv6 up nibble-reversed', async () => {
    const a = attributesOf(await verify(testIps.v6));
    expect(a.lookup_list[0]).toMatchObject({ status: 'listed' });
    expect(a.reputation).toMatchObject({ category: 'L2' });
  });

  it('rejects a target that is not an IP address with a status_message', async () => {
    const res = await verify('example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status_message: ['Enter a valid IPv4 or IPv6 address.'],
      target: ['Enter a valid IPv4 or IPv6 address.'],
      error_codes: { status_message: [{ code: 'ip_invalid' }], target: [{ code: 'ip_invalid' }] },
    });
  });
});

describe('GET /checks/rbl/{ip}', () => {
  it('answers without authentication and serves answers from the cache', async () => {
    const before = dns.queries.length;
    const res = await t.app.inject({
      method: 'GET',
      url: `/checks/rbl/${testIps.clean}`,
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(200);
    expect(attributesOf(res)).toMatchObject({ listed: 0, no_listed: 2, reputation: { category: 'H3' } });
    const asked = dns.queries.filter((q) => q.name.endsWith('zen.test')).length;
    await t.app.inject({ method: 'GET', url: `/checks/rbl/${testIps.clean}`, remoteAddress: '10.9.9.9' });
    expect(dns.queries.filter((q) => q.name.endsWith('zen.test')).length).toBe(asked);
    expect(dns.queries.length).toBeGreaterThan(before);
  });

  it('is rate limited per client IP', async () => {
    const remoteAddress = '10.8.8.8';
    for (let i = 0; i < 60; i++) {
      const ok = await t.app.inject({ method: 'GET', url: `/checks/rbl/${testIps.clean}`, remoteAddress });
      expect(ok.statusCode).toBe(200);
    }
    const limited = await t.app.inject({ method: 'GET', url: `/checks/rbl/${testIps.clean}`, remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((limited.json() as { status_message: string[] }).status_message[0]).toMatch(/^Too many requests/);
    const other = await t.app.inject({
      method: 'GET',
      url: `/checks/rbl/${testIps.clean}`,
      remoteAddress: '10.7.7.7',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('IP info', () => {
  it('GET /api/rep/v2/ips/{ip}/ip-info-io/ gives forward-confirmed reverse DNS and empty report domains', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/rep/v2/ips/${testIps.listed}/ip-info-io/`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: {
        type: 'ip-info',
        id: testIps.listed,
        attributes: {
          hostname: 'mail.sender.test',
          hostname_confirmed: true,
          spf_domains: [],
          dkim_domains: [],
        },
      },
    });
  });

  it('GET /api/rep/ips/?ip= gives the reputation summary; without ip the paged source IPs', async () => {
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/rep/ips/?ip=${testIps.listed}`,
      headers: bearer(token),
    });
    expect(one.json()).toMatchObject({
      data: { attributes: { listed: 2, no_listed: 0, reverse_dns: 'mail.sender.test' } },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/rep/ips/', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      data: [],
      links: { first: '/api/rep/ips/?page=1' },
      meta: { count: 0 },
    });
  });
});

describe('GET /api/ph/public-config/', () => {
  it('has no reCAPTCHA site key when the captcha is off, and no tracker unless configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ph/public-config/' });
    expect(res.json()).toEqual({
      recaptcha_site_key: null,
      recaptcha_enabled: false,
      trackers: { plausible: null, matomo: null, umami: null },
    });
  });
});
