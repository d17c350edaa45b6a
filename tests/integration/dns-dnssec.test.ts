import { execFileSync } from 'node:child_process';
import { startPowerDns, type PowerDns } from '../../scripts/services/powerdns';
import { startValidatingUnbound, type TestUnbound } from '../support/dnssec/unbound';
import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant, type Tenant } from './support/orgs';

// DNSSEC signing of a zone against a real pdns_server (docs/DNS.md "DNSSEC"): on, the DS records for the
// registrar, the zone answering with RRSIG over UDP (dig), off again; audited; tenancy.
// End to end: the same PowerDNS also serves a signed parent `test.` (the registry, edited straight through
// the PowerDNS API as a registrar would) that delegates alpha.test; a validating Unbound anchored at `test.`
// stubs both to it; the console's public DNSSEC check asks that Unbound (DNSSEC_RESOLVER).

let pdns: PowerDns;
let unbound: TestUnbound;
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

/** Calls PowerDNS's own API, as the registry of the parent zone `test.` does. */
async function registry(method: string, path: string, body: unknown) {
  const res = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones${path}`, {
    method,
    headers: { 'X-API-Key': pdns.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`PowerDNS ${method} ${path}: ${res.status} ${await res.text()}`);
}

/** Puts these DS records (rdata) for alpha.test into the parent, or removes them with an empty list. */
const parentDs = async (ds: string[]) => {
  await registry('PATCH', '/test.', {
    rrsets: [
      {
        name: 'alpha.test.',
        type: 'DS',
        ttl: 60,
        changetype: ds.length > 0 ? 'REPLACE' : 'DELETE',
        records: ds.map((content) => ({ content, disabled: false })),
      },
    ],
  });
  unbound.control('flush_zone', 'test.');
};

/** The same DS with the last digit of its digest changed: the parent vouches for a key the zone lacks. */
const wrongDigest = (ds: string) => ds.slice(0, -1) + (ds.endsWith('0') ? '1' : '0');

type Check = {
  status: string;
  details: { has_ds: boolean; has_dnskey: boolean; rcode: string };
  warnings: { code: string }[];
};
let client = 0;
/** GET /checks/dnssec/alpha.test, the check the domain pages use; a fresh client address against the limit. */
async function consoleCheck(): Promise<Check> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/checks/dnssec/alpha.test',
    remoteAddress: `198.51.100.${++client}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { attributes: Check } }>().data.attributes;
}

beforeAll(async () => {
  pdns = await startPowerDns();
  // The parent: signed, delegating alpha.test to a name server on loopback, without DS at first.
  await registry('POST', '', {
    name: 'test.',
    kind: 'Native',
    nameservers: ['ns1.test.'],
    rrsets: [
      { name: 'ns1.test.', type: 'A', ttl: 60, records: [{ content: '127.0.0.1', disabled: false }] },
      { name: 'alpha.test.', type: 'NS', ttl: 60, records: [{ content: 'ns1.test.', disabled: false }] },
    ],
  });
  pdns.pdnsutil('secure-zone', 'test');
  unbound = await startValidatingUnbound({
    stubs: ['test.', 'alpha.test.'].map((zone) => ({ zone, port: pdns.dnsPort })),
    trustAnchors: pdns.pdnsutil('export-zone-ds', 'test').split('\n'),
    control: true,
  });
  t = await startTestApp({
    env: {
      PDNS_API_URL: pdns.apiUrl,
      PDNS_API_KEY: pdns.apiKey,
      DNSSEC_RESOLVER: unbound.address,
      CHECKS_CACHE_SECONDS: '0',
    },
  });
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
  await unbound?.stop();
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
    // no SHA-1 digest for the registrar (RFC 8624 section 3.3)
    expect(state.ds.filter((ds) => ds.split(' ')[2] === '1')).toEqual([]);
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

  it('turns secure once the parent holds the DS the console shows; bogus with a wrong DS', async () => {
    const unsigned = await consoleCheck();
    expect(unsigned).toMatchObject({ status: 'insecure', details: { has_ds: false, has_dnskey: false } });

    const on = await call(t, 'PUT', dnssec, a.tokens.owner, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    unbound.control('flush_zone', 'test.');
    const { ds } = on.json<State>();
    expect(ds.length).toBeGreaterThan(0);
    // Signed, but nothing links it to the parent yet (RFC 4035 section 4.3: no DS, insecure delegation).
    expect(await consoleCheck()).toMatchObject({
      status: 'insecure',
      details: { has_ds: false, has_dnskey: true },
    });

    await parentDs(ds.map(wrongDigest));
    const bogus = await consoleCheck();
    expect(bogus).toMatchObject({ status: 'bogus', details: { has_ds: true, rcode: 'SERVFAIL' } });
    expect(bogus.warnings.map((w) => w.code)).toEqual(['dnssec_bogus']);

    // The registrar publishes what the console showed: the chain reaches the zone (AD from Unbound).
    await parentDs(ds);
    const secure = await consoleCheck();
    expect(secure).toMatchObject({ status: 'secure', details: { has_ds: true, has_dnskey: true } });
    expect(secure.warnings).toEqual([]);

    // Signing stopped while the parent still points at the key: validators fail the zone.
    const off = await call(t, 'PUT', dnssec, a.tokens.owner, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    unbound.control('flush_zone', 'test.');
    expect((await consoleCheck()).status).toBe('bogus');
    await parentDs([]);
    expect((await consoleCheck()).status).toBe('insecure');
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
