import { startPowerDns, type PowerDns } from '../../scripts/services/powerdns';
import { keepReportDomainRecords } from '../../server/modules/dns';
import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant, type Tenant } from './support/orgs';

// Reports from the internet: whether the organization's report address can receive mail, the
// records its domain publishes, and msas keeping them in the report domain's zone when it hosts that zone
// (a real pdns_server, like tests/integration/dns-zones.test.ts).

type OrgAttributes = {
  report_address: string;
  report_address_receives_mail: boolean;
  report_domain_records: { name: string; type: string; content: string }[];
};
type Rrset = { name: string; type: string; records: { content: string; disabled: boolean }[] };

const zones = '/api/dm/power-dns/servers/localhost/zones/';
const orgOf = async (t: TestApp, tenant: Tenant) => {
  const res = await call(t, 'GET', `/api/ph/organizations/${tenant.org.id}/`, tenant.tokens.owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { attributes: OrgAttributes } }>().data.attributes;
};
const verificationOf = async (t: TestApp, tenant: Tenant) => {
  const res = await call(t, 'GET', '/api/dm/v2/domains/', tenant.tokens.owner);
  return res.json<{ data: { attributes: { verification: { report_address_receives_mail: boolean } } }[] }>()
    .data[0]!.attributes.verification;
};

describe('an address at localhost', () => {
  let t: TestApp;
  let a: Tenant;
  beforeAll(async () => {
    t = await startTestApp();
    a = await seedTenant(t, 'Local', 'local-owner.example.com');
  });
  afterAll(() => t.close());

  it('is said not to receive mail, with no records to publish', async () => {
    const org = await orgOf(t, a);
    expect(org.report_address).toMatch(/^[0-9a-f]{20}@localhost$/);
    expect(org.report_address_receives_mail).toBe(false);
    expect(org.report_domain_records).toEqual([]);
    expect((await verificationOf(t, a)).report_address_receives_mail).toBe(false);
  });
});

describe('a report domain hosted in PowerDNS', () => {
  let pdns: PowerDns;
  let t: TestApp;
  let operator: Tenant;
  let a: Tenant;
  const pdnsApi = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost${path}`, {
      method,
      headers: { 'X-API-Key': pdns.apiKey, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.ok && res.status !== 204 ? ((await res.json()) as { rrsets: Rrset[] }) : null;
  };
  const live = async (name: string, type: string) =>
    (await pdnsApi('GET', '/zones/msas-reports.net.'))!.rrsets.find(
      (r) => r.name === name && r.type === type,
    );

  beforeAll(async () => {
    pdns = await startPowerDns();
    t = await startTestApp({
      env: {
        PDNS_API_URL: pdns.apiUrl,
        PDNS_API_KEY: pdns.apiKey,
        REPORT_ADDRESS_DOMAIN: 'reports.msas-reports.net',
        REPORT_MX_HOST: 'mx.msas-reports.net',
      },
    });
    operator = await seedTenant(t, 'Operator', 'msas-reports.net');
    a = await seedTenant(t, 'Customer', 'customer-a.example.com');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await pdns?.stop();
  });

  it('shows the MX and the RFC 7489 7.1 authorisation to publish', async () => {
    const org = await orgOf(t, a);
    expect(org.report_address).toMatch(/^[0-9a-f]{20}@reports\.msas-reports\.net$/);
    expect(org.report_address_receives_mail).toBe(true);
    expect(org.report_domain_records).toEqual([
      { name: 'reports.msas-reports.net', type: 'MX', content: '10 mx.msas-reports.net.' },
      { name: '*._report._dmarc.reports.msas-reports.net', type: 'TXT', content: '"v=DMARC1"' },
    ]);
    expect((await verificationOf(t, a)).report_address_receives_mail).toBe(true);
  });

  it('keeps them in the zone once it is hosted, adding only what is missing, audited', async () => {
    expect(await keepReportDomainRecords(t.ctx)).toBe('no zone');
    const res = await call(t, 'POST', zones, operator.tokens.owner, {
      name: 'msas-reports.net',
      nameservers: ['ns1.msas-reports.net'],
    });
    expect(res.statusCode, res.body).toBe(201);
    // Another TXT record at the wildcard stays beside the authorisation.
    await pdnsApi('PATCH', '/zones/msas-reports.net.', {
      rrsets: [
        {
          name: '*._report._dmarc.reports.msas-reports.net.',
          type: 'TXT',
          ttl: 600,
          changetype: 'REPLACE',
          records: [{ content: '"note"', disabled: false }],
        },
      ],
    });

    expect(await keepReportDomainRecords(t.ctx)).toBe('added');
    expect((await live('reports.msas-reports.net.', 'MX'))?.records).toEqual([
      { content: '10 mx.msas-reports.net.', disabled: false },
    ]);
    const txt = await live('*._report._dmarc.reports.msas-reports.net.', 'TXT');
    expect(txt?.records.map((r) => r.content).sort()).toEqual(['"note"', '"v=DMARC1"']);
    expect(await keepReportDomainRecords(t.ctx)).toBe('unchanged');

    const audit = await t.db
      .selectFrom('organization_audit_operations')
      .select(['name', 'organization_id', 'user_id'])
      .where('name', '=', 'dns.report_domain_records')
      .execute();
    expect(audit).toEqual([
      { name: 'dns.report_domain_records', organization_id: operator.org.id, user_id: null },
    ]);
    const history = await call(
      t,
      'GET',
      '/api/dm/power-dns/history/?zone=msas-reports.net',
      operator.tokens.owner,
    );
    expect(history.statusCode, history.body).toBe(200);
    const items = history.json<{
      data: { name: string; type: string; kind: string; user: number | null }[];
    }>().data;
    expect(items.filter((i) => i.name === 'reports.msas-reports.net.' && i.type === 'MX')).toMatchObject([
      { kind: 'edit', user: null },
    ]);
  });

  it('leaves an MX to another host alone', async () => {
    await pdnsApi('PATCH', '/zones/msas-reports.net.', {
      rrsets: [
        {
          name: 'reports.msas-reports.net.',
          type: 'MX',
          ttl: 600,
          changetype: 'REPLACE',
          records: [{ content: '5 other-mx.example.net.', disabled: false }],
        },
      ],
    });
    expect(await keepReportDomainRecords(t.ctx)).toBe('unchanged');
    expect((await live('reports.msas-reports.net.', 'MX'))?.records).toEqual([
      { content: '5 other-mx.example.net.', disabled: false },
    ]);
  });
});
