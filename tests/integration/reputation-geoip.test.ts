import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../../server/checks/resolver';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { configureReputation } from '../../server/modules/reputation/services';
import { writeTestGeoDatabases } from '../support/mmdb-writer';
import { bearer, login, makeUser, startTestApp, type TestApp } from './support/app';

// Geo and AS data through the real server: GEOIP_CITY_DB / GEOIP_ASN_DB name MaxMind-format files written
// by tests/support/mmdb-writer.ts (testCityNetworks, testAsnNetworks), read by the `maxmind` package.

let dir: string;
let dns: TestDnsServer;
let t: TestApp;
let token: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-geoip-'));
  const { cityDb, asnDb } = await writeTestGeoDatabases(dir);
  dns = await startDnsServer({
    records: [
      { name: '10.113.0.203.in-addr.arpa', type: 'PTR', data: 'mx.lisbon.test' },
      { name: 'mx.lisbon.test', type: 'A', data: '203.0.113.10' },
    ],
  });
  t = await startTestApp({
    env: { GEOIP_CITY_DB: cityDb, GEOIP_ASN_DB: asnDb, DNSBL_ZONES: 'zen.test=zen.spamhaus.org' },
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
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { attributes: Record<string, unknown> } }>().data.attributes;
};
const ipInfo = (ip: string) => get(`/api/rep/v2/ips/${encodeURIComponent(ip)}/ip-info-io/`);

const nothing = {
  city: null,
  region: null,
  country: null,
  country_name: null,
  postal: null,
  loc: null,
  timezone: null,
  org: null,
  asn: null,
  network: null,
};

describe('IP info with GeoIP City and ASN databases', () => {
  it('answers city, country, region, postal, time zone, location and AS of an IPv4 address', async () => {
    expect(await ipInfo('203.0.113.10')).toEqual({
      ip: '203.0.113.10',
      hostname: 'mx.lisbon.test',
      hostname_confirmed: true,
      city: 'Lisbon',
      region: 'Lisbon',
      country: 'PT',
      country_name: 'Portugal',
      postal: '1000-001',
      loc: '38.7167,-9.1333',
      timezone: 'Europe/Lisbon',
      org: 'AS64500 Example Transit Lda',
      asn: 'AS64500',
      network: '203.0.113.0/25',
      spf_domains: [],
      dkim_domains: [],
    });
  });

  it('answers the same for an IPv6 address', async () => {
    expect(await ipInfo('2001:db8:a::25')).toMatchObject({
      ip: '2001:db8:a::25',
      hostname: null,
      city: 'São Paulo',
      region: 'São Paulo',
      country: 'BR',
      country_name: 'Brazil',
      postal: '01000-000',
      loc: '-23.5475,-46.6361',
      timezone: 'America/Sao_Paulo',
      org: 'AS64501 Exemplo Telecom S.A.',
      asn: 'AS64501',
      network: '2001:db8::/32',
    });
  });

  it('looks an IPv4-mapped IPv6 address up as the IPv4 address', async () => {
    expect(await ipInfo('::ffff:203.0.113.10')).toMatchObject({ ip: '203.0.113.10', city: 'Lisbon' });
  });

  it('answers what one database knows when the other has nothing', async () => {
    expect(await ipInfo('203.0.113.200')).toMatchObject({
      city: 'Lisbon',
      postal: '1000-001',
      org: null,
      asn: null,
      network: null,
    });
    expect(await ipInfo('198.51.100.7')).toMatchObject({
      ...nothing,
      country: 'DE',
      country_name: 'Germany',
      loc: '51.2993,9.491',
      timezone: 'Europe/Berlin',
    });
    expect(await ipInfo('2001:db8:b::1')).toMatchObject({
      ...nothing,
      org: 'AS64501 Exemplo Telecom S.A.',
      asn: 'AS64501',
      network: '2001:db8::/32',
    });
  });

  it('answers null geo fields for an address in neither database', async () => {
    expect(await ipInfo('192.0.2.1')).toMatchObject(nothing);
    expect(await ipInfo('2001:db9::1')).toMatchObject(nothing);
  });
});

describe('the IP listing with GeoIP databases', () => {
  it('fills ASN, network, country code, title, city and region', async () => {
    const a = await get('/api/rep/ipVerify/?ipLookup=true&target=203.0.113.10&token=');
    expect(a).toMatchObject({
      target: '203.0.113.10',
      asn: 'AS64500',
      net: '203.0.113.0/25',
      country_code: 'PT',
      title: 'Example Transit Lda',
      target_host: 'mx.lisbon.test',
      city: 'Lisbon',
      region: 'Lisbon',
    });
    const v6 = await get(`/api/rep/ipVerify/?ipLookup=true&target=${encodeURIComponent('2001:db8:a::25')}`);
    expect(v6).toMatchObject({
      asn: 'AS64501',
      net: '2001:db8::/32',
      country_code: 'BR',
      title: 'Exemplo Telecom S.A.',
      city: 'São Paulo',
      region: 'São Paulo',
    });
  });
});

describe('IP info with a GeoIP file that is not a MaxMind database', () => {
  it('logs a warning and answers without geo data', async () => {
    const bad = path.join(dir, 'not-a-database.mmdb');
    fs.writeFileSync(bad, 'not an mmdb');
    // Its own server (settings are read at start) on the same database.
    const database = { db: t.db, kind: 'pglite' as const, close: async () => undefined };
    const other = await startTestApp({ env: { GEOIP_CITY_DB: bad }, database });
    try {
      configureReputation(other.ctx, {
        resolver: createDnsResolver({ servers: [{ host: dns.host, port: dns.port }], tries: 1 }),
      });
      const { email, password } = await makeUser(other.db);
      const access = (await login(other.app, { username: email, password })).json<{ access: string }>()
        .access;
      const res = await other.app.inject({
        method: 'GET',
        url: '/api/rep/v2/ips/203.0.113.10/ip-info-io/',
        headers: bearer(access),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: { attributes: unknown } }>().data.attributes).toMatchObject({
        ...nothing,
        hostname: 'mx.lisbon.test',
      });
      expect(other.logs.join('')).toContain(`GeoIP database ${bad} could not be opened`);
    } finally {
      await other.close();
    }
  });
});
