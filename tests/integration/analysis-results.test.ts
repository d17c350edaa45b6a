import { generateKeyPairSync } from 'node:crypto';
import { checkAndStore } from '../../server/modules/analysis/recheck-service';
import { mailZone, startChecksApp, type ChecksApp } from './analysis-setup';
import { call, seedTenant } from './support/orgs';
import { storeReportWithDkim } from './support/stored-report';

// Analysis by system over stored results: every domain of the organization (unchecked ones too), the global
// filter (domain groups, domain, search), ordering and paging; another organization sees none of it.

const rsa1024 = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .publicKey.export({ format: 'der', type: 'spki' })
  .toString('base64');
let c: ChecksApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  c = await startChecksApp([
    ...mailZone('alpha.test'),
    ...mailZone('beta.test', { dmarc: 'v=DMARC1; p=none', spf: 'v=spf1 +all' }),
    ...mailZone('gamma.test'),
    { name: 'sel1._domainkey.alpha.test', type: 'TXT', data: `v=DKIM1; k=rsa; p=${rsa1024}` },
  ]);
  a = await seedTenant(c.t, 'Analysis A', 'alpha.test');
  b = await seedTenant(c.t, 'Analysis B', 'zeta.test');
  ids['alpha.test'] = a.domainId;
  for (const name of ['beta.test', 'gamma.test']) {
    const row = await c.t.db
      .insertInto('domains')
      .values({ name, organization_id: a.org.id, verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[name] = row.id;
  }
  // A DKIM signature of alpha.test with selector sel1 in a stored aggregate report of A.
  await storeReportWithDkim(
    c.t.db,
    {
      organizationId: a.org.id,
      domain: 'alpha.test',
      reportId: 'r1',
      begin: '2026-11-01T00:00:00Z',
      end: '2026-11-02T00:00:00Z',
      recordId: 900001,
    },
    {
      dkim: 'pass',
      dkimResults: [{ domain: 'alpha.test', selector: 'sel1', result: 'pass', human_result: null }],
    },
  );
  const ctx = c.t.ctx;
  for (const name of ['alpha.test', 'beta.test'])
    await checkAndStore(ctx, { id: ids[name]!, name, organization_id: a.org.id });
}, 60_000);
afterAll(() => c.close());

type Entry = { id: string; attributes: Record<string, unknown> & { domain: string; status: string } };
const list = async (token: string, query: string) => {
  const res = await call(c.t, 'GET', `/api/dm/analysis-by-system/${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Entry[]; links: Record<string, string | null>; meta: { count: number } }>();
};
const names = (l: { data: Entry[] }) => l.data.map((e) => e.attributes.domain);

describe('GET /api/dm/analysis-by-system/{system}/', () => {
  it('lists every domain of the organization with status, score, top warnings and summary', async () => {
    const l = await list(a.tokens.owner, 'dmarc/');
    expect(names(l)).toEqual(['alpha.test', 'beta.test', 'gamma.test']);
    const [alpha, beta, gamma] = l.data.map((e) => e.attributes);
    expect(alpha).toMatchObject({
      status: 'pass',
      domain_id: ids['alpha.test'],
      system: 'dmarc',
      score: 100,
    });
    expect(alpha?.summary).toEqual({ policy: 'reject', pct: 100, rua: true });
    expect(beta).toMatchObject({ status: 'warning', summary: { policy: 'none', rua: false } });
    expect((beta?.warnings as unknown[]).length).toBeLessThanOrEqual(3);
    expect(beta?.warning_count).toBeGreaterThan(0);
    expect(gamma).toMatchObject({
      status: 'unchecked',
      score: null,
      checked_at: null,
      warnings: [],
      warning_count: 0,
    });
  });

  it('reads SPF and DKIM facts', async () => {
    const spf = await list(a.tokens.owner, 'spf/?domain=beta.test');
    expect(spf.data[0]?.attributes).toMatchObject({ status: 'fail', summary: { all: '+all' } });
    const dkim = await list(a.tokens.owner, 'dkim/?domain=alpha.test');
    expect(dkim.data[0]?.attributes).toMatchObject({ status: 'warning', summary: { selectors: 1, weak: 1 } });
  });

  it('applies the global filter: domain groups, domain and search', async () => {
    expect(names(await list(a.tokens.owner, `dmarc/?domain_groups=${a.groupId}`))).toEqual(['alpha.test']);
    expect(names(await list(a.tokens.owner, 'dmarc/?domain=Gamma.Test'))).toEqual(['gamma.test']);
    expect(names(await list(a.tokens.owner, 'dmarc/?search=bet'))).toEqual(['beta.test']);
    const res = await call(
      c.t,
      'GET',
      `/api/dm/analysis-by-system/dmarc/?domain_groups=${b.groupId}`,
      a.tokens.owner,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().domain_groups[0]).toMatch(/Select a valid choice/);
  });

  it('orders by domain, score and status', async () => {
    expect(names(await list(a.tokens.owner, 'dmarc/?ordering=-domain'))).toEqual([
      'gamma.test',
      'beta.test',
      'alpha.test',
    ]);
    expect(names(await list(a.tokens.owner, 'spf/?ordering=score'))).toEqual([
      'beta.test',
      'alpha.test',
      'gamma.test',
    ]);
    expect(names(await list(a.tokens.owner, 'spf/?ordering=status'))).toEqual([
      'beta.test',
      'alpha.test',
      'gamma.test',
    ]);
  });

  it('pages with links that keep the filter', async () => {
    const l = await list(a.tokens.owner, 'dmarc/?ordering=-domain&page_size=1&page=2');
    expect(names(l)).toEqual(['beta.test']);
    expect(l.meta).toMatchObject({ count: 3, page: 2, page_size: 1 });
    expect(l.links.next).toBe('/api/dm/analysis-by-system/dmarc/?ordering=-domain&page_size=1&page=3');
    expect(l.links.prev).toBe('/api/dm/analysis-by-system/dmarc/?ordering=-domain&page_size=1&page=1');
  });

  it('shows another organization none of it', async () => {
    const theirs = await list(b.tokens.owner, 'dmarc/');
    expect(names(theirs)).toEqual(['zeta.test']);
    expect(theirs.data[0]?.attributes.status).toBe('unchecked');
    const other = await call(
      c.t,
      'GET',
      `/api/dm/analysis-by-system/dmarc/?organization=${a.org.id}`,
      b.tokens.owner,
    );
    expect(other.statusCode).toBe(404);
    const filtered = await list(b.tokens.owner, 'dmarc/?domain=alpha.test');
    expect(filtered.data).toEqual([]);
  });
});

describe('TLS', () => {
  it('counts the sessions of the TLS reports received in the filter window', async () => {
    const report = (id: string, day: string, success: number, failed: number) => ({
      organization_id: a.org.id,
      domain: 'alpha.test',
      org_name: 'receiver.example',
      report_id: id,
      begin_date: `${day}T00:00:00Z`,
      end_date: `${day}T23:59:59Z`,
      records_count: 1,
      messages_count: 0,
      summary: JSON.stringify({ successful_sessions: success, failed_sessions: failed }),
      details: '{}',
      warnings: '[]',
      source: 'cli' as const,
    });
    await c.t.db
      .insertInto('tls_reports')
      .values([
        report('t1', '2026-03-02', 10, 1),
        report('t2', '2026-03-03', 5, 2),
        report('t3', '2026-01-01', 7, 7),
      ])
      .execute();
    const l = await list(a.tokens.owner, 'tls/?domain=alpha.test&begin_date=2026-03-01&end_date=2026-03-31');
    expect(l.data[0]?.attributes.summary).toEqual({
      rua: false,
      reports: 2,
      sessions_success: 15,
      sessions_failed: 3,
    });
  });
});

describe('GET /api/dm/analysis-by-system/{system}/{domainId}/', () => {
  it('returns every warning and the stored result document', async () => {
    const res = await call(
      c.t,
      'GET',
      `/api/dm/analysis-by-system/dkim/${ids['alpha.test']}/`,
      a.tokens.owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    const attrs = res.json().data.attributes;
    expect(attrs).toMatchObject({ domain: 'alpha.test', system: 'dkim', status: 'warning' });
    expect(attrs.result.selectors).toEqual([
      expect.objectContaining({
        selector: 'sel1',
        source: 'both',
        found: true,
        key_type: 'rsa',
        key_bits: 1024,
      }),
    ]);
    expect(attrs.warnings.map((w: { code: string }) => w.code)).toEqual(['dkim_rsa_short']);
    const dmarc = await call(
      c.t,
      'GET',
      `/api/dm/analysis-by-system/dmarc/${ids['alpha.test']}/`,
      a.tokens.owner,
    );
    expect(dmarc.json().data.attributes.result).toMatchObject({
      record: 'v=DMARC1; p=reject; rua=mailto:dmarc@alpha.test',
    });
  });

  it('answers null for an unchecked domain and 404 for another organization', async () => {
    const res = await call(
      c.t,
      'GET',
      `/api/dm/analysis-by-system/spf/${ids['gamma.test']}/`,
      a.tokens.owner,
    );
    expect(res.json().data.attributes).toMatchObject({ status: 'unchecked', result: null, checked_at: null });
    const other = await call(
      c.t,
      'GET',
      `/api/dm/analysis-by-system/spf/${ids['alpha.test']}/`,
      b.tokens.owner,
    );
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ detail: 'Not found.' });
  });
});
