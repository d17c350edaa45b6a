import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTestGeoDatabases } from '../../tests/support/mmdb-writer';
import { createGeoLookup, emptyGeo, networkOf, type GeoLookup } from './maxmind';

describe('createGeoLookup', () => {
  it('answers every field null when no database is configured', async () => {
    expect(await createGeoLookup({})('192.0.2.1')).toEqual(emptyGeo);
  });

  it('warns once and answers null fields when a database cannot be opened', async () => {
    const warnings: string[] = [];
    const lookup = createGeoLookup({ cityDb: '/nonexistent/city.mmdb' }, (m) => warnings.push(m));
    expect(await lookup('192.0.2.1')).toEqual(emptyGeo);
    expect(await lookup('192.0.2.2')).toEqual(emptyGeo);
    expect(warnings).toEqual(['GeoIP database /nonexistent/city.mmdb could not be opened']);
  });
});

// The databases come from tests/support/mmdb-writer.ts (testCityNetworks, testAsnNetworks).
describe('createGeoLookup on City and ASN databases', () => {
  let dir: string;
  let lookup: GeoLookup;
  const warnings: string[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-geo-'));
    lookup = createGeoLookup(await writeTestGeoDatabases(dir), (m) => warnings.push(m));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    expect(warnings).toEqual([]);
  });

  it('reads city, region, country, postal, location, time zone and AS of an IPv4 address', async () => {
    expect(await lookup('203.0.113.10')).toEqual({
      city: 'Lisbon',
      region: 'Lisbon',
      country: 'Portugal',
      country_code: 'PT',
      postal: '1000-001',
      loc: '38.7167,-9.1333',
      timezone: 'Europe/Lisbon',
      asn: 'AS64500',
      as_org: 'Example Transit Lda',
      network: '203.0.113.0/25',
    });
  });

  it('reads an IPv6 address, with UTF-8 names and negative coordinates', async () => {
    expect(await lookup('2001:db8:a::25')).toEqual({
      city: 'São Paulo',
      region: 'São Paulo',
      country: 'Brazil',
      country_code: 'BR',
      postal: '01000-000',
      loc: '-23.5475,-46.6361',
      timezone: 'America/Sao_Paulo',
      asn: 'AS64501',
      as_org: 'Exemplo Telecom S.A.',
      network: '2001:db8::/32',
    });
  });

  it('keeps what one database knows when the other has nothing', async () => {
    // In the City /24 but outside the ASN /25.
    expect(await lookup('203.0.113.200')).toMatchObject({
      city: 'Lisbon',
      asn: null,
      as_org: null,
      network: null,
    });
    // In the ASN /32 but in no City network.
    expect(await lookup('2001:db8:b::1')).toEqual({
      ...emptyGeo,
      asn: 'AS64501',
      as_org: 'Exemplo Telecom S.A.',
      network: '2001:db8::/32',
    });
    // A country-level City entry: no city, subdivision or postal code.
    expect(await lookup('198.51.100.7')).toEqual({
      ...emptyGeo,
      country: 'Germany',
      country_code: 'DE',
      loc: '51.2993,9.491',
      timezone: 'Europe/Berlin',
    });
  });

  it('answers null fields for an address in neither database', async () => {
    expect(await lookup('192.0.2.1')).toEqual(emptyGeo);
    expect(await lookup('2001:db9::1')).toEqual(emptyGeo);
  });
});

describe('networkOf', () => {
  it('masks IPv4 and IPv6 addresses to their prefix', () => {
    expect(networkOf('192.0.2.77', 24)).toBe('192.0.2.0/24');
    expect(networkOf('203.0.113.200', 25)).toBe('203.0.113.128/25');
    expect(networkOf('2001:db8:1234:5678::1', 32)).toBe('2001:db8::/32');
    expect(networkOf('0.0.0.0', 0)).toBe('0.0.0.0/0');
  });

  it('writes IPv6 networks in RFC 5952 form (the longest zero run compressed)', () => {
    expect(networkOf('2001:0:0:1:5::1', 80)).toBe('2001:0:0:1:5::/80');
    expect(networkOf('2001:0:0:1::1', 64)).toBe('2001:0:0:1::/64');
    expect(networkOf('2001:db8:0:1:1:1:1:1', 128)).toBe('2001:db8:0:1:1:1:1:1/128');
    expect(networkOf('2001:db8::1', 0)).toBe('::/0');
    expect(networkOf('fe80::1:2', 128)).toBe('fe80::1:2/128');
  });
});
