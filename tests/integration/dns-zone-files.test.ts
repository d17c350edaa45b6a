import { startPowerDns, type PowerDns } from '../../scripts/services/powerdns';
import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant, type Tenant } from './support/orgs';

// A zone as a BIND master file against a real pdns_server (docs/DNS.md "Zone files"): PowerDNS's export,
// an import previewed then applied as one change set, replacing only the rrsets the file holds.

let pdns: PowerDns;
let t: TestApp;
let a: Tenant;
let b: Tenant;

const zones = '/api/dm/power-dns/servers/localhost/zones/';
type Rrset = { name: string; type: string; ttl: number; records: { content: string; disabled: boolean }[] };
type Zone = { name: string; version: number; rrsets: Rrset[] };
type Preview = {
  version: number;
  unchanged: number;
  changes: { name: string; type: string; action: string; before: Rrset | null; after: Rrset }[];
};

async function liveRrsets(zone: string): Promise<string[]> {
  const res = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/${zone}`, {
    headers: { 'X-API-Key': pdns.apiKey },
  });
  const { rrsets } = (await res.json()) as { rrsets: Rrset[] };
  return rrsets
    .filter((r) => r.type !== 'SOA')
    .map(
      (r) =>
        `${r.name} ${r.ttl} ${r.type} ${r.records
          .map((x) => x.content)
          .sort()
          .join(' | ')}`,
    )
    .sort();
}
const createZone = async (tenant: Tenant, name: string) => {
  const res = await call(t, 'POST', zones, tenant.tokens.owner, { name, nameservers: [`ns1.${name}`] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Zone>();
};
const preview = (token: string, zone: string, text: string) =>
  call(t, 'POST', `${zones}${zone}/import/preview/`, token, { text });
const importFile = (token: string, zone: string, text: string, version: number) =>
  call(t, 'POST', `${zones}${zone}/import/`, token, { text, version });
const changeSets = async () => (await t.db.selectFrom('dns_change_sets').select('id').execute()).length;

beforeAll(async () => {
  pdns = await startPowerDns();
  t = await startTestApp({ env: { PDNS_API_URL: pdns.apiUrl, PDNS_API_KEY: pdns.apiKey } });
  a = await seedTenant(t, 'Alpha', 'alpha.test');
  b = await seedTenant(t, 'Beta', 'beta.test');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await pdns?.stop();
});

const file = [
  '$ORIGIN alpha.test.',
  '$TTL 1h',
  '@        IN SOA ns1 hostmaster ( 1 7200 3600 604800 300 ) ; skipped',
  '@           MX   10 mx1',
  '            MX   20 mx2.alpha.test.',
  '            TXT  "v=spf1 -all"',
  '            CAA  0 issue "letsencrypt.org"',
  'www     300 A    192.0.2.10',
  '        300 AAAA 2001:db8::10',
  'docs        CNAME www',
  '_dmarc      TXT  ( "v=DMARC1; p=reject; " ; split over two lines',
  '                   "rua=mailto:d@alpha.test" )',
  'quote       TXT  "say \\"hi\\"; (ok)"',
  '_sip._tcp   SRV  10 5 5060 sip',
  '10          PTR  host.alpha.test.',
].join('\n');

describe('DNS zone files', () => {
  it('previews a file per rrset, applies it as one change set, audited, and leaves other rrsets alone', async () => {
    const zone = await createZone(a, 'alpha.test');
    const keep = await call(t, 'PATCH', `${zones}alpha.test/`, a.tokens.owner, {
      version: zone.version,
      rrsets: [
        { name: 'keep.alpha.test', type: 'A', changetype: 'REPLACE', records: [{ content: '192.0.2.99' }] },
      ],
    });
    expect(keep.statusCode, keep.body).toBe(200);

    const res = await preview(a.tokens.admin, 'alpha.test', file);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<Preview>();
    expect(p.version).toBe(2);
    expect(p.unchanged).toBe(0); // the file names ns1 nowhere: the apex NS stays as it is
    expect(p.changes.map((c) => `${c.action} ${c.name} ${c.type}`)).toEqual([
      'added alpha.test. MX',
      'added alpha.test. TXT',
      'added alpha.test. CAA',
      'added www.alpha.test. A',
      'added www.alpha.test. AAAA',
      'added docs.alpha.test. CNAME',
      'added _dmarc.alpha.test. TXT',
      'added quote.alpha.test. TXT',
      'added _sip._tcp.alpha.test. SRV',
      'added 10.alpha.test. PTR',
    ]);
    expect(await changeSets()).toBe(2); // a preview changes nothing

    const before = await changeSets();
    const applied = await importFile(a.tokens.owner, 'alpha.test', file, p.version);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<Zone>().version).toBe(3);
    expect(await changeSets()).toBe(before + 1);
    const live = await liveRrsets('alpha.test.');
    expect(live).toEqual(
      expect.arrayContaining([
        'keep.alpha.test. 3600 A 192.0.2.99',
        'alpha.test. 3600 MX 10 mx1.alpha.test. | 20 mx2.alpha.test.',
        '_dmarc.alpha.test. 3600 TXT "v=DMARC1; p=reject; " "rua=mailto:d@alpha.test"',
        'quote.alpha.test. 3600 TXT "say \\"hi\\"; (ok)"',
        'www.alpha.test. 300 A 192.0.2.10',
        'docs.alpha.test. 3600 CNAME www.alpha.test.',
        '_sip._tcp.alpha.test. 3600 SRV 10 5 5060 sip.alpha.test.',
      ]),
    );
    const audit = await t.db
      .selectFrom('audit_operations')
      .select(['name', 'response_status'])
      .where('name', '=', 'dns.zone_import')
      .execute();
    expect(audit).toEqual([{ name: 'dns.zone_import', response_status: 200 }]);

    // The same file again: nothing to change, no new change set.
    const again = await preview(a.tokens.owner, 'alpha.test', file);
    expect(again.json<Preview>()).toMatchObject({ unchanged: 10, changes: [] });
  });

  it('exports the zone and imports it into an empty zone of the same name: the same records', async () => {
    const res = await call(t, 'GET', `${zones}alpha.test/export/`, a.tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="alpha.test.zone"');
    expect(res.body).toMatch(/^www\.alpha\.test\.\t300\tIN\tA\t192\.0\.2\.10$/m);
    const exported = await liveRrsets('alpha.test.');

    expect((await call(t, 'DELETE', `${zones}alpha.test/`, a.tokens.owner)).statusCode).toBe(204);
    const empty = await createZone(a, 'alpha.test');
    expect(await liveRrsets('alpha.test.')).toEqual(['alpha.test. 3600 NS ns1.alpha.test.']);
    const p = (await preview(a.tokens.owner, 'alpha.test', res.body)).json<Preview>();
    expect(p.unchanged).toBe(1); // the apex NS
    const applied = await importFile(a.tokens.owner, 'alpha.test', res.body, empty.version);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await liveRrsets('alpha.test.')).toEqual(exported);
  });

  it('refuses a file with a bad line by line number and applies nothing', async () => {
    const zone = (await call(t, 'GET', `${zones}alpha.test/`, a.tokens.owner)).json<Zone>();
    const live = await liveRrsets('alpha.test.');
    const sets = await changeSets();
    const bad = ['new1 A 192.0.2.50', 'new2 A 192.0.2.51', 'bad A 192.0.2', 'x.beta.test. A 192.0.2.1'].join(
      '\n',
    );
    for (const res of [
      await preview(a.tokens.owner, 'alpha.test', bad),
      await importFile(a.tokens.owner, 'alpha.test', bad, zone.version),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        text: [
          'Line 3: Enter a valid IPv4 address.',
          'Line 4: The name must be inside the zone alpha.test..',
        ],
      });
    }
    // A CNAME beside other data is a change-set rule: reported on the rrset's line too.
    const cname = await importFile(a.tokens.owner, 'alpha.test', 'a A 192.0.2.1\nwww CNAME a', zone.version);
    expect(cname.statusCode).toBe(400);
    expect(cname.json<{ text: string[] }>().text[0]).toMatch(/^Line 2: A CNAME must be the only record set/);
    expect(await liveRrsets('alpha.test.')).toEqual(live);
    expect(await changeSets()).toBe(sets);

    const nul = await preview(a.tokens.owner, 'alpha.test', 'a A 192.0.2.1\u0000');
    expect(nul.statusCode).toBe(400);
    const long = await preview(a.tokens.owner, 'alpha.test', `a TXT "${'x'.repeat(1_000_001)}"`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ text: ['A zone file may hold at most 1,000,000 characters.'] });
  });

  it('answers 409 when the rrsets of the file changed since the preview', async () => {
    const zone = (await call(t, 'GET', `${zones}alpha.test/`, a.tokens.owner)).json<Zone>();
    const edit = await call(t, 'PATCH', `${zones}alpha.test/`, a.tokens.owner, {
      version: zone.version,
      rrsets: [
        {
          name: 'www.alpha.test',
          type: 'A',
          ttl: 300,
          changetype: 'REPLACE',
          records: [{ content: '192.0.2.11' }],
        },
      ],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const res = await importFile(a.tokens.owner, 'alpha.test', 'www 300 A 192.0.2.12', zone.version);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ changes: { name: string }[] }>().changes[0]!.name).toBe('www.alpha.test.');
    expect(await liveRrsets('alpha.test.')).toContain('www.alpha.test. 300 A 192.0.2.11');
  });

  it("refuses another organization's zone and members", async () => {
    for (const [method, tail, body] of [
      ['GET', 'export/', undefined],
      ['POST', 'import/preview/', { text: 'x A 192.0.2.1' }],
      ['POST', 'import/', { text: 'x A 192.0.2.1', version: 99 }],
    ] as const) {
      expect((await call(t, method, `${zones}alpha.test/${tail}`, b.tokens.owner, body)).statusCode).toBe(
        404,
      );
      expect((await call(t, method, `${zones}alpha.test/${tail}`, a.tokens.member, body)).statusCode).toBe(
        403,
      );
      expect((await call(t, method, `${zones}alpha.test/${tail}`, null, body)).statusCode).toBe(401);
    }
    expect(await liveRrsets('alpha.test.')).not.toContain('x.alpha.test. 3600 A 192.0.2.1');
  });
});
