import { execFileSync } from 'node:child_process';
import { startPowerDns, type PowerDns } from '../../scripts/services/powerdns';
import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant, type Tenant } from './support/orgs';

// DNSSEC signing of a zone against a real pdns_server (docs/DNS.md "DNSSEC"): on, the DS records for the
// registrar, the zone answering with RRSIG over UDP (dig), off again; audited; tenancy.

let pdns: PowerDns;
let t: TestApp;
let a: Tenant;
let b: Tenant;

const zones = '/api/dm/power-dns/servers/localhost/zones/';
const dnssec = `${zones}alpha.test/dnssec/`;
type State = { zone: string; enabled: boolean; keys: { flags: number; active: boolean }[]; ds: string[] };

/** The signatures in the answer to `alpha.test. SOA` with the DO bit set, asked of pdns over UDP. */
function rrsigs(): string[] {
  const out = execFileSync('dig', [
    '+dnssec',
    '+norec',
    '+notcp',
    '-p',
    String(pdns.dnsPort),
    '@127.0.0.1',
    'alpha.test.',
    'SOA',
  ]);
  return out
    .toString()
    .split('\n')
    .filter((line) => !line.startsWith(';') && /\sRRSIG\s/.test(line));
}

beforeAll(async () => {
  pdns = await startPowerDns();
  t = await startTestApp({ env: { PDNS_API_URL: pdns.apiUrl, PDNS_API_KEY: pdns.apiKey } });
  a = await seedTenant(t, 'Alpha', 'alpha.test');
  b = await seedTenant(t, 'Beta', 'beta.test');
  const res = await call(t, 'POST', zones, a.tokens.owner, {
    name: 'alpha.test',
    nameservers: ['ns1.alpha.test'],
  });
  expect(res.statusCode, res.body).toBe(201);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await pdns?.stop();
});

describe('DNSSEC', () => {
  it('signs the zone: DS records for the registrar, RRSIG in the answers; stops signing: none', async () => {
    const off = await call(t, 'GET', dnssec, a.tokens.admin);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<State>()).toEqual({ zone: 'alpha.test.', enabled: false, keys: [], ds: [] });
    expect(rrsigs()).toEqual([]);

    const on = await call(t, 'PUT', dnssec, a.tokens.owner, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    const state = on.json<State>();
    expect(state.enabled).toBe(true);
    expect(state.keys.some((k) => k.flags === 257 && k.active)).toBe(true);
    // key tag, algorithm 13 (ECDSA P-256), digest type, digest (RFC 4034 section 5.3)
    expect(state.ds.length).toBeGreaterThan(0);
    expect(state.ds.some((ds) => /^\d+ 13 2 [0-9a-f]{64}$/.test(ds))).toBe(true);
    expect(JSON.stringify(state)).not.toMatch(/Private/i);
    expect(rrsigs().length).toBeGreaterThan(0);

    const list = await call(t, 'GET', zones, a.tokens.owner);
    expect(list.json<{ data: { name: string; dnssec: boolean | null }[] }>().data).toEqual([
      expect.objectContaining({ name: 'alpha.test.', dnssec: true }),
    ]);

    const again = await call(t, 'PUT', dnssec, a.tokens.owner, { enabled: false });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<State>()).toMatchObject({ enabled: false, keys: [], ds: [] });
    expect(rrsigs()).toEqual([]);

    const audit = await t.db
      .selectFrom('audit_operations')
      .select(['name', 'response_status'])
      .where('name', '=', 'dns.dnssec')
      .execute();
    expect(audit).toEqual([
      { name: 'dns.dnssec', response_status: 200 },
      { name: 'dns.dnssec', response_status: 200 },
    ]);
  });

  it("refuses another organization's zone, members and bad bodies", async () => {
    expect((await call(t, 'GET', dnssec, b.tokens.owner)).statusCode).toBe(404);
    expect((await call(t, 'PUT', dnssec, b.tokens.owner, { enabled: true })).statusCode).toBe(404);
    expect((await call(t, 'PUT', dnssec, a.tokens.member, { enabled: true })).statusCode).toBe(403);
    expect((await call(t, 'PUT', dnssec, a.tokens.owner, { enabled: 'yes' })).statusCode).toBe(400);
    expect((await call(t, 'GET', dnssec, a.tokens.owner)).json<State>().enabled).toBe(false);
    expect(rrsigs()).toEqual([]);
  });
});
