import type { CheckContext } from '../../server/checks/domain/context';
import { checkDmarc } from '../../server/checks/dmarc/check';
import { createDnsResolver } from '../../server/checks/resolver';
import { startPowerDns, type PowerDns } from '../../scripts/services/powerdns';
import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant, type Tenant } from './support/orgs';

// Suggested fixes of a hosted zone against a real pdns_server (docs/DNS.md "Suggested fixes"): listed as
// change set previews, applied with the zone version, recorded in history and audited, per organization;
// the DMARC check, pointed at the PowerDNS instance, then finds the record.

let pdns: PowerDns;
let t: TestApp;
let a: Tenant;
let b: Tenant;

const zones = '/api/dm/power-dns/servers/localhost/zones/';
type Rrset = { name: string; type: string; records: { content: string }[] };
type Fixes = {
  version: number;
  fixes: { kind: string; action: string; name: string; before: Rrset | null; after: Rrset }[];
  notes: { kind: string; detail: string }[];
};

const fixesOf = async (token: string, zone: string) => {
  const res = await call(t, 'GET', `${zones}${zone}/fixes/`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Fixes>();
};
const apply = (token: string, zone: string, kind: string, version: number) =>
  call(t, 'POST', `${zones}${zone}/fixes/${kind}/`, token, { version });

beforeAll(async () => {
  pdns = await startPowerDns();
  // A report domain mail reaches: the TLS-RPT fix is proposed only for such an address.
  t = await startTestApp({
    env: {
      PDNS_API_URL: pdns.apiUrl,
      PDNS_API_KEY: pdns.apiKey,
      REPORT_ADDRESS_DOMAIN: 'reports.msas-mail.net',
    },
  });
  a = await seedTenant(t, 'Alpha', 'alpha.test');
  b = await seedTenant(t, 'Beta', 'beta.test');
  for (const [tenant, name] of [
    [a, 'alpha.test'],
    [b, 'beta.test'],
  ] as const) {
    const res = await call(t, 'POST', zones, tenant.tokens.owner, { name, nameservers: [`ns1.${name}`] });
    expect(res.statusCode, res.body).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  await pdns?.stop();
});

describe('DNS suggested fixes', () => {
  it('proposes the DMARC record with the organization report address, applies it, and the check passes', async () => {
    const org = await t.db
      .selectFrom('organizations')
      .select('report_slug')
      .where('id', '=', a.org.id)
      .executeTakeFirstOrThrow();
    const listed = await fixesOf(a.tokens.owner, 'alpha.test');
    expect(listed.fixes.map((f) => f.kind)).toEqual(['dmarc']);
    const [fix] = listed.fixes;
    expect(fix).toMatchObject({ action: 'added', name: '_dmarc.alpha.test.', before: null });
    const record = fix!.after.records[0]!.content;
    expect(record).toMatch(/^"v=DMARC1; p=none; rua=mailto:/);
    expect(record).toContain(org.report_slug);

    // A stale version is refused once the zone moved on, with the other change.
    const moved = await call(t, 'PATCH', `${zones}alpha.test/`, a.tokens.owner, {
      version: listed.version,
      rrsets: [
        { name: '_dmarc.alpha.test', type: 'TXT', changetype: 'REPLACE', records: [{ content: '"x"' }] },
      ],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const stale = await apply(a.tokens.owner, 'alpha.test', 'dmarc', listed.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ changes: unknown[] }>().changes).toHaveLength(1);

    const again = await fixesOf(a.tokens.owner, 'alpha.test');
    expect(again.fixes[0]).toMatchObject({ kind: 'dmarc', action: 'changed' });
    const applied = await apply(a.tokens.owner, 'alpha.test', 'dmarc', again.version);
    expect(applied.statusCode, applied.body).toBe(200);
    const zone = applied.json<{ version: number; rrsets: Rrset[] }>();
    expect(zone.version).toBe(again.version + 1);
    const live = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/alpha.test.`, {
      headers: { 'X-API-Key': pdns.apiKey },
    }).then((r) => r.json() as Promise<{ rrsets: Rrset[] }>);
    const dmarc = live.rrsets.find((r) => r.name === '_dmarc.alpha.test.' && r.type === 'TXT');
    expect(dmarc?.records.map((r) => r.content).sort()).toEqual(['"x"', record].sort());
    expect((await fixesOf(a.tokens.owner, 'alpha.test')).fixes).toEqual([]);
    // Applying it again: nothing left to fix.
    expect((await apply(a.tokens.owner, 'alpha.test', 'dmarc', zone.version)).statusCode).toBe(404);

    const history = await call(
      t,
      'GET',
      '/api/dm/power-dns/history/?zone=alpha.test&page_size=1',
      a.tokens.owner,
    );
    expect(history.json<{ data: { name: string; version: number }[] }>().data[0]).toMatchObject({
      name: '_dmarc.alpha.test.',
      version: zone.version,
    });
    const audit = await t.db
      .selectFrom('audit_operations')
      .select('response_status')
      .where('name', '=', 'dns.fix_apply')
      .where('organization_id', '=', a.org.id)
      .execute();
    expect(audit.map((r) => r.response_status).sort()).toEqual([200, 404, 409]);

    // The DMARC check, asking the PowerDNS instance directly, finds the record msas wrote.
    const resolver = createDnsResolver({ servers: [{ host: '127.0.0.1', port: pdns.dnsPort }] });
    const result = await checkDmarc('alpha.test', { resolver } as unknown as CheckContext);
    expect(result.record).toBe(record.slice(1, -1));
    expect(result.policy).toBe('none');
    expect(result.valid).toBe(true);
  });

  it('proposes TLS-RPT for a domain with MX and explains MTA-STS instead of writing it', async () => {
    const before = await fixesOf(b.tokens.owner, 'beta.test');
    const mx = await call(t, 'PATCH', `${zones}beta.test/`, b.tokens.owner, {
      version: before.version,
      rrsets: [
        { name: 'beta.test', type: 'MX', changetype: 'REPLACE', records: [{ content: '10 mx.beta.test.' }] },
      ],
    });
    expect(mx.statusCode, mx.body).toBe(200);
    const listed = await fixesOf(b.tokens.owner, 'beta.test');
    expect(listed.fixes.map((f) => f.kind)).toEqual(['dmarc', 'tls-rpt']);
    expect(listed.fixes[1]!.after.records[0]!.content).toMatch(/^"v=TLSRPTv1; rua=mailto:/);
    expect(listed.notes.map((n) => n.kind)).toEqual(['mta-sts']);
    const applied = await apply(b.tokens.admin, 'beta.test', 'tls-rpt', listed.version);
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await fixesOf(b.tokens.owner, 'beta.test')).fixes.map((f) => f.kind)).toEqual(['dmarc']);
  });

  it("keeps another organization's fixes out of reach and members out of applying", async () => {
    expect((await call(t, 'GET', `${zones}beta.test/fixes/`, a.tokens.owner)).statusCode).toBe(404);
    expect((await apply(a.tokens.owner, 'beta.test', 'dmarc', 100)).statusCode).toBe(404);
    expect((await apply(b.tokens.member, 'beta.test', 'dmarc', 100)).statusCode).toBe(403);
    const bad = await apply(b.tokens.owner, 'beta.test', 'spf', 1);
    expect(bad.statusCode).toBe(400);
  });
});
