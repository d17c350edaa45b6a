import { ingestFile } from '../../server/ingest/ingest-file';
import { demoDomains } from '../../server/modules/demo';
import { reportXml } from '../fixtures/dmarc/build-report';
import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant } from './support/orgs';

// Demo data from the empty overview: GET/POST /api/dm/demo-data/, owners only, into an
// organization without domains or reports, audited; the reports go through the ingest path.

let t: TestApp;
let fresh: Awaited<ReturnType<typeof seedTenant>>;
let busy: Awaited<ReturnType<typeof seedTenant>>;
const url = '/api/dm/demo-data/';

beforeAll(async () => {
  t = await startTestApp();
  fresh = await seedTenant(t, 'Fresh', 'fresh.example.net');
  busy = await seedTenant(t, 'Busy', 'busy.example.net');
  // "Fresh" keeps its users but not its domain: an organization as the first start leaves it.
  await t.db.deleteFrom('domains').where('organization_id', '=', fresh.org.id).execute();
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('demo data', () => {
  it('is offered to the owner of an empty organization only, and refused to the others', async () => {
    const state = async (token: string) => (await call(t, 'GET', url, token)).json().data;
    expect(await state(fresh.tokens.owner)).toEqual({ available: true, reason: null });
    expect(await state(fresh.tokens.admin)).toEqual({ available: false, reason: null });
    expect(await state(busy.tokens.owner)).toMatchObject({
      available: false,
      reason: expect.stringMatching(/already has/),
    });
    for (const token of [fresh.tokens.admin, fresh.tokens.member])
      expect((await call(t, 'POST', url, token)).statusCode).toBe(403);
    expect((await call(t, 'POST', url, null)).statusCode).toBe(401);
    const refused = await call(t, 'POST', url, busy.tokens.owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/already has domains or reports/);
    // An aggregate report held for a domain nobody verified yet (held_reports) has arrived all the same.
    const bytes = Buffer.from(reportXml({ reportId: 'demo-held', domain: 'demo-held.example' }));
    const held = await ingestFile(t.db, { name: 'held.xml', bytes, source: 'cli' });
    expect(held.reports.map((r) => [r.status, r.organizationId])).toEqual([['imported', null]]);
    expect(await state(fresh.tokens.owner)).toEqual({ available: false, reason: null });
    await t.db.deleteFrom('held_reports').execute();
    expect(await state(fresh.tokens.owner)).toEqual({ available: true, reason: null });
  });

  it('loads 12 domains, 4 groups and 30 days of reports into it, once, audited', async () => {
    const started = Date.now();
    const res = await call(t, 'POST', url, fresh.tokens.owner);
    const seconds = (Date.now() - started) / 1000;
    expect(res.statusCode, res.body).toBe(201);
    const loaded = res.json().data;
    expect(loaded).toMatchObject({ domains: 12, groups: 4 });
    expect(loaded.reports).toBeGreaterThan(300);
    expect(loaded.records).toBeGreaterThan(loaded.reports);
    console.info(
      `demo data: ${loaded.reports} reports, ${loaded.records} records in ${seconds.toFixed(1)} s`,
    );

    const domains = await t.db
      .selectFrom('domains')
      .select('name')
      .where('organization_id', '=', fresh.org.id)
      .execute();
    expect(domains.map((d) => d.name).sort()).toEqual([...demoDomains].sort());
    const rollups = await t.db
      .selectFrom('dmarc_rollups')
      .select(({ fn }) => [
        fn.countAll<number>().as('n'),
        fn.min('day').as('first'),
        fn.max('day').as('last'),
      ])
      .where('organization_id', '=', fresh.org.id)
      .executeTakeFirstOrThrow();
    expect(Number(rollups.n)).toBeGreaterThan(100);
    const days =
      (new Date(rollups.last as never).getTime() - new Date(rollups.first as never).getTime()) / 86_400_000;
    expect(days).toBe(29);
    // The failing sources are there: DKIM signed by another domain only, SPF failing, a forwarder.
    const kinds = await t.db
      .selectFrom('dmarc_rollups')
      .select(['source_ip', 'dkim_auth', 'dkim_aligned', 'spf_auth', 'dmarc_pass'])
      .where('organization_id', '=', fresh.org.id)
      .execute();
    const failing = kinds.filter((k) => !k.dmarc_pass);
    expect(failing.some((k) => k.dkim_auth && !k.dkim_aligned && k.source_ip.startsWith('54.240.'))).toBe(
      true,
    );
    expect(failing.some((k) => !k.spf_auth && k.source_ip.startsWith('203.0.113.'))).toBe(true);
    expect(kinds.some((k) => k.dmarc_pass && !k.spf_auth && k.source_ip.startsWith('198.51.100.'))).toBe(
      true,
    );
    // Check results from the real checkers over the demo's own records: one domain has no DMARC record.
    const checks = await t.db
      .selectFrom('check_results')
      .innerJoin('domains', 'domains.id', 'check_results.domain_id')
      .select(['domains.name', 'check_results.status'])
      .where('check_results.organization_id', '=', fresh.org.id)
      .where('check_results.system', '=', 'dmarc')
      .execute();
    expect(checks).toHaveLength(12);
    const dmarc = Object.fromEntries(checks.map((c) => [c.name, c.status]));
    expect(dmarc['northwind.example']).not.toBe('fail');
    expect(dmarc['contoso-cloud.example']).toBe('fail');
    const spf = await t.db
      .selectFrom('check_results')
      .select(['status', 'score'])
      .where('organization_id', '=', fresh.org.id)
      .where('system', '=', 'spf')
      .execute();
    expect(spf).toHaveLength(12);
    expect(spf.filter((c) => c.status === 'fail').length).toBeGreaterThan(0);
    const audit = await t.db
      .selectFrom('audit_operations')
      .select(['name', 'response_status'])
      .where('organization_id', '=', fresh.org.id)
      .where('name', '=', 'demo.load')
      .execute();
    expect(audit).toEqual([{ name: 'demo.load', response_status: 201 }]);

    const again = await call(t, 'POST', url, fresh.tokens.owner);
    expect(again.statusCode).toBe(409);
    expect((await call(t, 'GET', url, fresh.tokens.owner)).json().data.available).toBe(false);
  }, 60_000);
});
