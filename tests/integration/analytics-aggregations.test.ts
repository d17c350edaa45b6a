import { call } from './support/orgs';
import { inWindow, messagesBy, type Window } from './analytics-xml-reader';
import { analyticsFixture, sampleReports as reports } from './analytics-setup';

// Time series and the aggregated-by-domain / by-IP lists, against figures computed here from the XML.

const allTime: Window = { begin: '1970-01-01', end: '2030-12-31' };
let f: Awaited<ReturnType<typeof analyticsFixture>>;

beforeAll(async () => {
  f = await analyticsFixture();
}, 120_000);
afterAll(() => f.t.close());

const get = async (url: string, token = f.a.tokens.owner) => {
  const res = await call(f.t, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

type Series = { id: string; attributes: { points: { x: string; y: number }[] } };

describe('time series', () => {
  const w: Window = { begin: '2024-03-01', end: '2024-03-10' };
  const days = Array.from({ length: 10 }, (_, i) => `2024-03-${String(i + 1).padStart(2, '0')}`);
  const expected = (day: string, domains?: string[]) => {
    const recs = inWindow(reports, { begin: day, end: day, domains }).flatMap((r) => r.records);
    const sum = (p: (r: (typeof recs)[number]) => boolean) => recs.filter(p).reduce((n, r) => n + r.count, 0);
    const dmarc = (r: (typeof recs)[number]) => r.dkim === 'pass' || r.spf === 'pass';
    return {
      messages: sum(() => true),
      dmarc_passed: sum(dmarc),
      dmarc_failed: sum((r) => !dmarc(r)),
      dkim_passed: sum((r) => r.dkim === 'pass'),
      dkim_failed: sum((r) => r.dkim !== 'pass'),
      spf_passed: sum((r) => r.spf === 'pass'),
      spf_failed: sum((r) => r.spf !== 'pass'),
    };
  };

  it('has one point per day, zero where there is no data, each equal to the XML sums', async () => {
    const body = await get(`/api/dm/domains/time-series/?begin_date=${w.begin}&end_date=${w.end}`);
    expect(body.meta).toEqual({ begin_date: w.begin, end_date: w.end });
    const series = body.data as Series[];
    expect(series.map((s) => s.id)).toEqual(Object.keys(expected(days[0])));
    for (const s of series) {
      expect(s.attributes.points.map((p) => p.x)).toEqual(days);
      for (const p of s.attributes.points)
        expect(p.y, `${s.id} ${p.x}`).toBe(expected(p.x)[s.id as keyof ReturnType<typeof expected>]);
    }
    const total = series.find((s) => s.id === 'messages')!.attributes.points.reduce((n, p) => n + p.y, 0);
    expect(total).toBeGreaterThan(0);
  });

  it('per domain, per group and per organization', async () => {
    const range = `begin_date=${w.begin}&end_date=${w.end}`;
    const one = (await get(`/api/dm/domains/random.net/time-series/?${range}`)).data as Series[];
    const msgs = one.find((s) => s.id === 'messages')!.attributes.points;
    expect(msgs.map((p) => p.y)).toEqual(days.map((d) => expected(d, ['random.net']).messages));
    const group = (await get(`/api/dm/domain-groups/${f.pairGroupId}/time-series/?${range}`))
      .data as Series[];
    expect(group.every((s) => s.attributes.points.every((p) => p.y === 0))).toBe(true);
    const org = (await get(`/api/ph/organizations/${f.a.org.id}/time-series/?${range}`)).data as Series[];
    expect(org).toEqual((await get(`/api/dm/domains/time-series/?${range}`)).data);
  });

  it('refuses a series longer than ten years', async () => {
    const res = await call(
      f.t,
      'GET',
      '/api/dm/domains/time-series/?begin_date=1970-01-01&end_date=2030-12-31',
      f.a.tokens.owner,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ begin_date: ['The date range may span at most 3660 days.'] });
  });
});

describe('aggregated by domain', () => {
  const range = `begin_date=${allTime.begin}&end_date=${allTime.end}`;

  it('sums messages per domain, sorted by messages then name, paged with links', async () => {
    const want = [...messagesBy(reports, allTime, 'domain').entries()].sort(
      (x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1),
    );
    const rows: [string, number][] = [];
    let url: string | null = `/api/dm/aggregated-by-domain/?${range}&page_size=5`;
    let pages = 0;
    while (url) {
      const body = await get(url);
      expect(body.meta.count).toBe(want.length);
      for (const r of body.data) rows.push([r.id, r.attributes.messages]);
      expect(body.links.first).toMatch(/page=1/);
      expect(body.links.last).toMatch(new RegExp(`page=${Math.ceil(want.length / 5)}`));
      url = body.links.next;
      pages += 1;
    }
    expect(pages).toBe(Math.ceil(want.length / 5));
    expect(rows).toEqual(want);
  });

  it('each row: records, DMARC, DKIM, SPF and sources exactly', async () => {
    const body = await get(`/api/dm/aggregated-by-domain/?${range}&ordering=domain&page_size=100`);
    const names = body.data.map((r: { id: string }) => r.id);
    expect(names).toEqual([...names].sort());
    for (const row of body.data) {
      const recs = inWindow(reports, { ...allTime, domains: [row.id] }).flatMap((r) => r.records);
      const sum = (p: (r: (typeof recs)[number]) => boolean) =>
        recs.filter(p).reduce((n, r) => n + r.count, 0);
      const dmarc = sum((r) => r.dkim === 'pass' || r.spf === 'pass');
      const total = sum(() => true);
      expect(row.attributes).toEqual({
        domain: row.id,
        messages: total,
        records: recs.length,
        dmarc_passed: dmarc,
        dmarc_failed: total - dmarc,
        dkim_passed: sum((r) => r.dkim === 'pass'),
        spf_passed: sum((r) => r.spf === 'pass'),
        sources: new Set(recs.map((r) => r.sourceIp)).size,
        dmarc_passed_percentage: total === 0 ? 0 : Math.round((dmarc / total) * 10_000) / 100,
      });
    }
  });

  it('searches by name and refuses an unknown ordering', async () => {
    const body = await get(`/api/dm/aggregated-by-domain/?${range}&search=RANDOM`);
    expect(body.data.map((r: { id: string }) => r.id).sort()).toEqual(['random.net', 'random.org']);
    const res = await call(f.t, 'GET', `/api/dm/aggregated-by-domain/?ordering=password`, f.a.tokens.owner);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      ordering: ['Select a valid choice. password is not one of the available choices.'],
    });
  });

  it('is empty for another organization', async () => {
    const body = await get(`/api/dm/aggregated-by-domain/?${range}`, f.b.tokens.owner);
    expect(body.data).toEqual([]);
    expect(body.meta.count).toBe(0);
  });
});

describe('aggregated by IP', () => {
  it('sums messages per source IP exactly, under the domain filter too', async () => {
    const range = `begin_date=${allTime.begin}&end_date=${allTime.end}`;
    for (const domains of [undefined, ['example.com']]) {
      const want = messagesBy(reports, { ...allTime, domains }, 'sourceIp');
      const filter = domains ? `&domain=${domains[0]}` : '';
      const body = await get(`/api/dm/aggregated-by-ip/?${range}${filter}&page_size=100`);
      expect(body.meta.count).toBe(want.size);
      expect(
        new Map(
          body.data.map((r: { id: string; attributes: { messages: number } }) => [
            r.id,
            r.attributes.messages,
          ]),
        ),
      ).toEqual(want);
    }
  });

  it('sums per IP exactly over windows tiled by several span levels (migration 0033)', async () => {
    for (const w of [
      { begin: '2023-11-01', end: '2024-03-31' },
      { begin: '2023-11-20', end: '2023-12-10' },
      { begin: '2024-02-15', end: '2024-03-05' },
      { begin: '2024-03-03', end: '2024-03-09' },
    ]) {
      const want = messagesBy(reports, w, 'sourceIp');
      const body = await get(
        `/api/dm/aggregated-by-ip/?begin_date=${w.begin}&end_date=${w.end}&page_size=100`,
      );
      expect(body.meta.count).toBe(want.size);
      const got = new Map(
        body.data.map((r: { id: string; attributes: { messages: number } }) => [r.id, r.attributes.messages]),
      );
      expect(got).toEqual(want);
    }
  });

  it('pages by the window and searches by IP', async () => {
    const w: Window = { begin: '2023-11-28', end: '2023-11-28' };
    const want = messagesBy(reports, w, 'sourceIp');
    expect(want.size).toBeGreaterThan(2);
    const body = await get(
      `/api/dm/aggregated-by-ip/?begin_date=${w.begin}&end_date=${w.end}&page_size=2&page=2`,
    );
    expect(body.meta).toMatchObject({ count: want.size, page: 2, page_size: 2 });
    expect(body.links.prev).toMatch(/page=1/);
    const ip = [...want.keys()][0];
    const found = await get(`/api/dm/aggregated-by-ip/?begin_date=${w.begin}&end_date=${w.end}&search=${ip}`);
    expect(found.data.map((r: { id: string }) => r.id)).toContain(ip);
    // Country and AS come with each IP (null here: the test runs without GeoIP databases).
    expect(found.data[0].attributes).toMatchObject({ country: null, asn: null });
  });
});
