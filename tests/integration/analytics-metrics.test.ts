import { call } from './support/orgs';
import { expectedMetrics, type Window } from './analytics-xml-reader';
import { analyticsFixture, pairGroup, sampleReports as reports } from './analytics-setup';

// Every plain-XML aggregate sample imported into organization A, which registered their policy domains; the
// figures each metrics call returns are compared with ones computed here from the XML.

const allTime: Window = { begin: '1970-01-01', end: '2030-12-31' };
const q = (w: Window) => `begin_date=${w.begin}&end_date=${w.end}`;

let f: Awaited<ReturnType<typeof analyticsFixture>>;
let t: typeof f.t;
let a: typeof f.a;
let b: typeof f.b;
let supportToken: string;
let pairGroupId: number;

beforeAll(async () => {
  f = await analyticsFixture();
  ({ t, a, b, supportToken, pairGroupId } = f);
}, 120_000);
afterAll(() => f.t.close());

const attrs = async (url: string, token: string) => {
  const res = await call(t, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.attributes;
};

describe('domain metrics from the samples', () => {
  it('reads a non-trivial sample set', () => {
    expect(reports.length).toBeGreaterThan(15);
    expect(expectedMetrics(reports, allTime).nr_messages).toBeGreaterThan(100);
  });

  it('all domains, all time: every figure exactly', async () => {
    expect(await attrs(`/api/dm/domains/metrics/?${q(allTime)}`, a.tokens.owner)).toEqual(
      expectedMetrics(reports, allTime),
    );
  });

  it.each(['example.com', 'example.net', 'test.net', 'stalw.art'])('one domain: %s', async (d) => {
    const want = expectedMetrics(reports, { ...allTime, domains: [d] });
    expect(want.nr_messages).toBeGreaterThan(0);
    expect(await attrs(`/api/dm/domains/${d}/metrics/?${q(allTime)}`, a.tokens.owner)).toEqual(want);
    expect(await attrs(`/api/dm/domains/metrics/?${q(allTime)}&domain=${d}`, a.tokens.owner)).toEqual(want);
  });

  it('a domain group, by path and by filter', async () => {
    const want = expectedMetrics(reports, { ...allTime, domains: pairGroup });
    expect(
      await attrs(`/api/dm/domain-groups/${pairGroupId}/metrics/?${q(allTime)}`, a.tokens.owner),
    ).toEqual(want);
    expect(
      await attrs(`/api/dm/domains/metrics/?${q(allTime)}&domain_groups=${pairGroupId}`, a.tokens.owner),
    ).toEqual(want);
    // The group filter and a domain outside it select nothing.
    const none = await attrs(
      `/api/dm/domains/metrics/?${q(allTime)}&domain_groups=${pairGroupId}&domain=test.net`,
      a.tokens.owner,
    );
    expect(none.nr_messages).toBe(0);
  });

  it('the organization, for its owner and for support', async () => {
    const want = expectedMetrics(reports, allTime);
    const url = `/api/ph/organizations/${a.org.id}/metrics/?${q(allTime)}`;
    expect(await attrs(url, a.tokens.owner)).toEqual(want);
    expect(await attrs(url, supportToken)).toEqual(want);
    expect(
      await attrs(`/api/dm/domains/metrics/?${q(allTime)}&organization=${a.org.id}`, supportToken),
    ).toEqual(want);
  });

  it('a date filter cuts on the report begin day (UTC), both ends inclusive', async () => {
    const day = reports.find((r) => r.domain === 'random.net')!.day;
    const windows: Window[] = [
      { begin: day, end: day },
      { begin: '2024-03-07', end: '2024-12-31' },
      { begin: '2020-01-01', end: '2024-03-05' },
    ];
    for (const w of windows) {
      const got = await attrs(`/api/dm/domains/metrics/?${q(w)}`, a.tokens.owner);
      expect(got).toEqual(expectedMetrics(reports, w));
    }
    const single = expectedMetrics(reports, windows[0]);
    expect(single.nr_reports).toBeGreaterThan(1);
    expect(single.nr_reports).toBeLessThan(reports.length);
  });

  it('defaults to the last seven days up to today', async () => {
    const got = await attrs('/api/dm/domains/metrics/', a.tokens.owner);
    const today = t.ctx.now().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
    expect(got).toEqual(expectedMetrics(reports, { begin: weekAgo, end: today }));
  });
});

describe('a member limited to some domains', () => {
  it('sees only the figures of the assigned domain, whatever the filter asks', async () => {
    const domain = await t.db
      .selectFrom('domains')
      .select(['id', 'organization_id'])
      .where('name', '=', 'test.net')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('user_domains')
      .values({ organization_id: domain.organization_id, user_id: a.member.id, domain_id: domain.id })
      .execute();
    const want = expectedMetrics(reports, { ...allTime, domains: ['test.net'] });
    expect(await attrs(`/api/dm/domains/metrics/?${q(allTime)}`, a.tokens.member)).toEqual(want);
    const other = await attrs(`/api/dm/domains/example.com/metrics/?${q(allTime)}`, a.tokens.member);
    expect(other).toEqual(expectedMetrics([], allTime));
  });
});

describe('another organization', () => {
  it('sees zeros for the same filter', async () => {
    const got = await attrs(`/api/dm/domains/metrics/?${q(allTime)}`, b.tokens.owner);
    expect(got).toEqual(expectedMetrics([], allTime));
    const one = await attrs(`/api/dm/domains/example.com/metrics/?${q(allTime)}`, b.tokens.owner);
    expect(one.nr_messages).toBe(0);
    const series = await call(
      t,
      'GET',
      `/api/dm/domains/time-series/?begin_date=2024-03-01&end_date=2024-03-10`,
      b.tokens.owner,
    );
    for (const s of series.json().data)
      expect(s.attributes.points.every((p: { y: number }) => p.y === 0)).toBe(true);
  });

  it("cannot read A's group or organization (404) nor pass A as ?organization=", async () => {
    for (const url of [
      `/api/dm/domain-groups/${pairGroupId}/metrics/`,
      `/api/dm/domain-groups/${pairGroupId}/time-series/`,
      `/api/ph/organizations/${a.org.id}/metrics/`,
      `/api/ph/organizations/${a.org.id}/time-series/`,
      `/api/dm/domains/metrics/?organization=${a.org.id}`,
    ])
      expect((await call(t, 'GET', url, b.tokens.owner)).statusCode, url).toBe(404);
    const res = await call(t, 'GET', `/api/dm/domains/metrics/?domain_groups=${pairGroupId}`, b.tokens.owner);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      domain_groups: [`Select a valid choice. ${pairGroupId} is not one of the available choices.`],
    });
  });
});

describe('filter validation and authentication', () => {
  it('rejects an end before the begin and malformed dates', async () => {
    const res = await call(
      t,
      'GET',
      '/api/dm/domains/metrics/?begin_date=2024-03-02&end_date=2024-03-01',
      a.tokens.owner,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ end_date: ['End date must be on or after begin date.'] });
    const bad = await call(t, 'GET', '/api/dm/domains/metrics/?begin_date=2024-02-30', a.tokens.owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ begin_date: ['Enter a valid date (YYYY-MM-DD).'] });
  });

  it('needs a token', async () => {
    const res = await call(t, 'GET', '/api/dm/domains/metrics/', null);
    expect(res.statusCode).toBe(401);
  });
});
