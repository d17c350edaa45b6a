import { checkAndStore } from '../../server/modules/analysis/recheck-service';
import { mailZone, startChecksApp, type ChecksApp } from './analysis-setup';
import { call, seedTenant } from './support/orgs';
import { storeReportWithDkim } from './support/stored-report';

// Domain Info: the current DMARC and SPF records, the addresses and the DKIM selectors of a registered
// domain, from its stored results and history; a domain of another organization is 404.

let c: ChecksApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;

beforeAll(async () => {
  c = await startChecksApp([
    ...mailZone('info.test', { a: ['192.0.2.10', '192.0.2.20'] }),
    { name: 'info.test', type: 'AAAA', data: '2001:db8::10' },
    {
      name: 'selector1._domainkey.info.test',
      type: 'TXT',
      data: 'v=DKIM1; k=ed25519; p=11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=',
    },
  ]);
  a = await seedTenant(c.t, 'Info A', 'info.test');
  b = await seedTenant(c.t, 'Info B', 'other-info.test');
  await storeReportWithDkim(
    c.t.db,
    {
      organizationId: a.org.id,
      domain: 'info.test',
      reportId: 'info-1',
      begin: '2026-10-01T00:00:00Z',
      end: '2026-10-02T00:00:00Z',
      recordId: 910001,
    },
    {
      dkim: 'fail',
      dkimResults: [
        { domain: 'info.test', selector: 'old', result: 'fail', human_result: null },
        { domain: 'info.test', selector: 'selector1', result: 'pass', human_result: null },
        { domain: 'esp.example', selector: 'esp', result: 'pass', human_result: null },
      ],
    },
  );
}, 60_000);
afterAll(() => c.close());

const get = (path: string, token = a.tokens.owner) => call(c.t, 'GET', `/api/dm/domains/${path}`, token);

describe('Domain Info', () => {
  it('answers null records before the first check', async () => {
    const res = await get('info.test/dmarc-record/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { domain: 'info.test', record: null, checked_at: null } });
  });

  it('serves the records, addresses and DKIM selectors found by the check', async () => {
    const outcome = await checkAndStore(c.t.ctx, {
      id: a.domainId,
      name: 'info.test',
      organization_id: a.org.id,
    });
    const at = outcome.checkedAt.toISOString();
    expect((await get('info.test/dmarc-record/')).json()).toEqual({
      data: { domain: 'info.test', record: 'v=DMARC1; p=reject; rua=mailto:dmarc@info.test', checked_at: at },
    });
    expect((await get('INFO.test/spf-record/')).json().data).toMatchObject({
      record: 'v=spf1 mx -all',
      checked_at: at,
    });
    const ips = (await get('info.test/ips/')).json().data;
    expect(ips.domain).toBe('info.test');
    expect(ips.ips).toEqual(
      expect.arrayContaining([
        { ip: '192.0.2.10', source: 'A', host: 'info.test' },
        { ip: '192.0.2.20', source: 'A', host: 'info.test' },
        { ip: '2001:db8::10', source: 'AAAA', host: 'info.test' },
        { ip: '127.0.0.1', source: 'MX', host: 'mx.info.test' },
      ]),
    );
    expect(ips.ips).toHaveLength(4);
    expect((await get('info.test/dkim-signatures/')).json().data).toEqual([
      {
        selector: 'old',
        domain: 'info.test',
        source: 'reports',
        key_type: null,
        key_bits: null,
        testing: false,
        last_seen: '2026-10-02T00:00:00.000Z',
      },
      {
        selector: 'selector1',
        domain: 'info.test',
        source: 'both',
        key_type: 'ed25519',
        key_bits: 256,
        testing: false,
        last_seen: '2026-10-02T00:00:00.000Z',
      },
    ]);
  });

  it('is 404 for a domain of another organization or none', async () => {
    for (const p of ['dmarc-record', 'spf-record', 'ips', 'dkim-signatures']) {
      const res = await get(`info.test/${p}/`, b.tokens.owner);
      expect(res.statusCode, p).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Not found.' });
      expect((await get(`nowhere.test/${p}/`)).statusCode).toBe(404);
    }
    expect((await get(`info.test/ips/?organization=${a.org.id}`, b.tokens.owner)).statusCode).toBe(404);
  });
});
