import pino from 'pino';
import { recheckKey, recheckPlanJob, recheckQueue } from '../../server/checks/history/job';
import { keyId } from '../../server/jobs/queue';
import { listJobs } from '../../server/jobs/store';
import { runJobNow } from '../../server/jobs/handle';
import { mailZone, startChecksApp, type ChecksApp } from './analysis-setup';
import { call, seedTenant } from './support/orgs';

// The re-check against a loopback DNS zone whose records change between runs: exactly the expected history
// items, newest first, paged; the on-demand route's rate limit; the scheduled job skipping fresh domains.

const d = 'hist.test';
let c: ChecksApp;
let tenant: Awaited<ReturnType<typeof seedTenant>>;

beforeAll(async () => {
  c = await startChecksApp([...mailZone(d), ...mailZone('fresh-hist.example.com')]);
  tenant = await seedTenant(c.t, 'History Org', d);
}, 30_000);
afterAll(() => c.close());

type Item = { id: string; attributes: { date: string; type: string; ttl: number; content: string } };
const history = async (type: string, query = '') => {
  const res = await call(
    c.t,
    'GET',
    `/api/dm/v2/domains/${tenant.domainId}/history/${type}/${query}`,
    tenant.tokens.owner,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Item[]; links: Record<string, string | null>; meta: { count: number } }>();
};
const rows = (items: Item[]) => items.map((i) => [i.attributes.type, i.attributes.content]);
const recheck = async () => {
  c.t.clock.offsetMs += 11_000; // past the per-organization limit of one re-check per 10 s
  const res = await call(c.t, 'POST', `/api/dm/v2/domains/${tenant.domainId}/recheck/`, tenant.tokens.owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { checked_at: string; systems: { system: string; status: string }[] } }>().data;
};

describe('re-check and DNS history', () => {
  it('stores every system and the first record sets', async () => {
    const first = await recheck();
    expect(first.systems.map((s) => s.system)).toEqual([
      'dmarc',
      'spf',
      'smtp',
      'tls',
      'mta-sts',
      'dkim',
      'dnssec',
    ]);
    expect(first.systems.find((s) => s.system === 'dmarc')?.status).toBe('pass');
    expect(rows((await history('dmarc')).data)).toEqual([
      ['TXT', `v=DMARC1; p=reject; rua=mailto:dmarc@${d}`],
    ]);
    expect(rows((await history('spf')).data)).toEqual([['TXT', 'v=spf1 mx -all']]);
    expect(rows((await history('dns')).data)).toEqual([
      ['A', '192.0.2.10'],
      ['MX', `10 mx.${d}`],
    ]);
    expect(rows((await history('ns')).data)).toEqual([
      ['NS', `ns1.${d}`],
      ['NS', `ns2.${d}`],
    ]);
    expect((await history('mtaSts')).data[0]?.attributes).toMatchObject({
      type: 'TXT',
      ttl: 300,
      content: 'v=STSv1; id=20260101;',
    });
  });

  it('refuses a second re-check of the organization within 10 s', async () => {
    const res = await call(
      c.t,
      'POST',
      `/api/dm/v2/domains/${tenant.domainId}/recheck/`,
      tenant.tokens.owner,
    );
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toMatch(/Try again in \d+ seconds/);
    const audit = await c.t.db
      .selectFrom('audit_operations')
      .select(['response_status', 'organization_id'])
      .where('name', '=', 'domains.recheck')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { response_status: 200, organization_id: tenant.org.id },
      { response_status: 429, organization_id: tenant.org.id },
    ]);
  });

  it('writes items only for the sets that changed, newest first', async () => {
    c.dns.setRecords([
      ...mailZone(d, {
        dmarc: `v=DMARC1; p=quarantine; rua=mailto:dmarc@${d}`,
        spf: null,
        a: ['192.0.2.10', '192.0.2.11'],
      }),
      ...mailZone('fresh-hist.example.com'),
    ]);
    const second = await recheck();
    expect(rows((await history('dmarc')).data)).toEqual([
      ['TXT', `v=DMARC1; p=quarantine; rua=mailto:dmarc@${d}`],
      ['TXT', `v=DMARC1; p=reject; rua=mailto:dmarc@${d}`],
    ]);
    const spf = (await history('spf')).data;
    expect(rows(spf)).toEqual([
      ['TXT', ''],
      ['TXT', 'v=spf1 mx -all'],
    ]);
    expect(spf[0]?.attributes.date).toBe(second.checked_at);
    expect(rows((await history('dns')).data)).toEqual([
      ['A', '192.0.2.10'],
      ['A', '192.0.2.11'],
      ['MX', `10 mx.${d}`],
      ['A', '192.0.2.10'],
      ['MX', `10 mx.${d}`],
    ]);
    expect((await history('ns')).meta.count).toBe(2);
    expect((await history('mtaSts')).meta.count).toBe(1);
  });

  it('writes nothing when nothing changed, and pages with links', async () => {
    await recheck();
    expect((await history('dmarc')).meta.count).toBe(2);
    expect((await history('dns')).meta.count).toBe(5);
    const page = await history('dns', '?page=2&page_size=2');
    expect(rows(page.data)).toEqual([
      ['MX', `10 mx.${d}`],
      ['A', '192.0.2.10'],
    ]);
    expect(page.links).toMatchObject({
      first: `/api/dm/v2/domains/${tenant.domainId}/history/dns/?page=1&page_size=2`,
      prev: `/api/dm/v2/domains/${tenant.domainId}/history/dns/?page=1&page_size=2`,
      next: `/api/dm/v2/domains/${tenant.domainId}/history/dns/?page=3&page_size=2`,
      last: `/api/dm/v2/domains/${tenant.domainId}/history/dns/?page=3&page_size=2`,
    });
    const bad = await call(
      c.t,
      'GET',
      `/api/dm/v2/domains/${tenant.domainId}/history/mx/`,
      tenant.tokens.owner,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('checks a newly registered domain in the background, without holding the request', async () => {
    const res = await call(c.t, 'POST', '/api/dm/domains/create/', tenant.tokens.owner, {
      name: 'fresh-hist.example.com',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ data: { id: number } }>().data.id;
    const stored = async () =>
      (await c.t.db.selectFrom('check_results').select('system').where('domain_id', '=', id).execute())
        .length;
    for (let i = 0; i < 100 && (await stored()) < 7; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await stored()).toBe(7);
    const spf = await call(c.t, 'GET', `/api/dm/v2/domains/${id}/history/spf/`, tenant.tokens.owner);
    expect(spf.json().data.map((i: Item) => i.attributes.content)).toEqual(['v=spf1 mx -all']);
  });

  it('the planner queues a domain once per interval period and a worker re-checks it', async () => {
    c.dns.setRecords([
      ...mailZone(d, {
        dmarc: `v=DMARC1; p=none; rua=mailto:dmarc@${d}`,
        spf: null,
        a: ['192.0.2.10', '192.0.2.11'],
      }),
      ...mailZone('fresh-hist.example.com'),
    ]);
    const plan = () => runJobNow({ ...c.t.ctx, logger: pino({ level: 'silent' }) }, recheckPlanJob());
    const jobs = async () =>
      (await listJobs(c.t.db, { queue: recheckQueue, limit: 100 })).filter(
        (j) => j.id === keyId(recheckQueue, recheckKey(tenant.domainId, c.t.ctx.now(), 24)),
      );
    // Checked within the last 24 hours: nothing queued, the history unchanged.
    const items = (await history('dmarc')).meta.count;
    await plan();
    expect(await jobs()).toEqual([]);
    expect((await history('dmarc')).meta.count).toBe(items);

    c.t.clock.offsetMs += 25 * 3_600_000;
    await plan();
    await plan(); // the same period: the same key, no second job
    expect((await jobs()).length).toBe(1);
    for (let i = 0; i < 150 && (await jobs())[0]?.state !== 'completed'; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await jobs())[0]?.state).toBe('completed');
    c.t.clock.offsetMs -= 25 * 3_600_000; // back, so the tenant's tokens are valid again
    const now = new Date(
      (
        await c.t.db
          .selectFrom('check_results')
          .select((eb) => eb.fn.max('checked_at').as('at'))
          .where('domain_id', '=', tenant.domainId)
          .executeTakeFirstOrThrow()
      ).at as Date,
    );
    expect(now.getTime()).toBeGreaterThan(Date.now() + 24 * 3_600_000);
    const dmarc = (await history('dmarc')).data;
    expect(rows(dmarc)[0]).toEqual(['TXT', `v=DMARC1; p=none; rua=mailto:dmarc@${d}`]);
    expect(dmarc[0]?.attributes.date).toBe(now.toISOString());
    const stored = await c.t.db
      .selectFrom('check_results')
      .select('checked_at')
      .where('domain_id', '=', tenant.domainId)
      .execute();
    expect(stored.length).toBe(7);
    expect(stored.every((r) => new Date(r.checked_at).getTime() === now.getTime())).toBe(true);
  });
});
