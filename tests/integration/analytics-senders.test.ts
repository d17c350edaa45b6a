import { call } from './support/orgs';
import { sumBy, type Row } from './analytics-senders-xml';
import { ipA, ipB, ipC, range, rows, senderScenario, type Scenario } from './analytics-senders-setup';

// By sender service, the drill-downs (messages, sender details, sender associations) and recalculation,
// every number computed here from the sample XML and an independent reading of the attribution rule.

let s: Scenario;
const messagesOf = (some: Row[]) => some.reduce((n, r) => n + r.count, 0);

beforeAll(async () => {
  s = await senderScenario();
}, 120_000);
afterAll(() => s.f.t.close());

describe('recalculate and aggregated by sender service', () => {
  it('re-attributes every enriched IP, answering 202 with the count', async () => {
    const body = await s.recalculate();
    const ips = new Set(rows.map((r) => r.sourceIp)).size;
    expect(body).toEqual({ detail: expect.stringMatching(/recalculated/), ips });
  });

  it('sums each sender service exactly, with the catalogue id and logo', async () => {
    const body = await s.get(`/api/dm/aggregated-by-sender-service/?${range}&page_size=100`);
    const want = s.expectedBySender();
    // Spec section 5: only messages with a sender service are listed; the rest is a total beside the list.
    const unattributed = messagesOf(rows.filter((r) => s.serviceOf(r) === 'Unknown'));
    expect(unattributed).toBeGreaterThan(0);
    want.delete('Unknown');
    expect(body.meta.unattributed_messages).toBe(unattributed);
    expect(want.get('Narrow Net')?.messages).toBeGreaterThan(0);
    expect(want.get('Suffix Sender')?.messages).toBeGreaterThan(0);
    expect(want.get('other-base.example')?.messages).toBeGreaterThan(0);
    expect(body.meta.count).toBe(want.size);
    const got = new Map<string, Record<string, unknown>>();
    for (const r of body.data) {
      const { sender_service, email_sender_id, logo, ...figures } = r.attributes;
      expect(r.id).toBe(sender_service);
      expect(email_sender_id).toBe(s.ids.get(sender_service) ?? null);
      expect(logo).toBeNull();
      got.set(sender_service, figures);
    }
    expect(got).toEqual(want);
    const order = body.data.map((r: { attributes: { messages: number } }) => r.attributes.messages);
    expect(order).toEqual([...order].sort((x, y) => y - x));
  });

  it('orders by name, searches, and is empty for another organization', async () => {
    const body = await s.get(
      `/api/dm/aggregated-by-sender-service/?${range}&ordering=sender_service&search=NET`,
    );
    expect(body.data.map((r: { id: string }) => r.id)).toEqual(
      [...s.expectedBySender().keys()].filter((k) => k.toLowerCase().includes('net')).sort(),
    );
    const theirs = await s.get(`/api/dm/aggregated-by-sender-service/?${range}`, s.f.b.tokens.owner);
    expect(theirs).toMatchObject({ data: [], meta: { count: 0 } });
  });

  it('moves rollups to a new sender on recalculation', async () => {
    await s.addSender('Mover', { networks: [`${ipC}/32`] });
    const before = await s.get(`/api/dm/aggregated-by-sender-service/?${range}&search=mover`);
    expect(before.data).toEqual([]);
    await s.recalculate();
    const after = await s.get(`/api/dm/aggregated-by-sender-service/?${range}&page_size=100`);
    const names = after.data.map((r: { id: string }) => r.id);
    expect(names).toContain('Mover');
    expect(names).not.toContain('other-base.example');
    const mover = after.data.find((r: { id: string }) => r.id === 'Mover');
    expect(mover.attributes.messages).toBe(sumBy(rows, (r) => r.sourceIp).get(ipC));
    const rollups = await s.f.t.db
      .selectFrom('dmarc_rollups')
      .select('sender_service')
      .distinct()
      .where('source_ip', '=', ipC)
      .execute();
    expect(rollups).toEqual([{ sender_service: 'Mover' }]);
  });
});

describe('sorting by a distinct count (counted for every group, not just the page)', () => {
  const all = async (url: string) =>
    new Map(
      (await s.get(`${url}&page_size=100`)).data.map((r: { id: string; attributes: unknown }) => [
        r.id,
        r.attributes,
      ]),
    );
  it('gives the same rows as the default order, sorted by that count', async () => {
    for (const [list, field] of [
      ['aggregated-by-domain', 'sources'],
      ['aggregated-by-ip', 'domains'],
      ['aggregated-by-sender-service', 'ips'],
      ['aggregated-by-sender-service', 'domains'],
    ]) {
      const plain = await all(`/api/dm/${list}/?${range}`);
      const body = await s.get(`/api/dm/${list}/?${range}&ordering=-${field}&page_size=100`);
      const sorted = new Map(body.data.map((r: { id: string; attributes: unknown }) => [r.id, r.attributes]));
      expect(sorted, `${list} ${field}`).toEqual(plain);
      const values = body.data.map((r: { attributes: Record<string, number> }) => r.attributes[field]);
      expect(values).toEqual([...values].sort((x, y) => y - x));
      expect(Math.max(...values), `${list} ${field}`).toBeGreaterThan(1);
    }
  });

  it('leaves the unattributed messages out of the list under a domain filter too (read from the rollups)', async () => {
    const domain = rows.find((r) => s.serviceOf(r) === 'Unknown')!.domain;
    const mine = rows.filter((r) => r.domain === domain && s.serviceOf(r) === 'Unknown');
    const body = await s.get(`/api/dm/aggregated-by-sender-service/?${range}&domain=${domain}&ordering=-ips`);
    expect(body.data.map((r: { id: string }) => r.id)).not.toContain('Unknown');
    expect(body.meta.unattributed_messages).toBe(messagesOf(mine));
    expect(body.meta.unattributed_messages).toBeGreaterThan(0);
  });

  it('by IP, ordered by any sum, gives the same rows with every sum (read for the page after the ordering)', async () => {
    const plain = await all(`/api/dm/aggregated-by-ip/?${range}`);
    for (const field of [
      'records',
      'dmarc_passed',
      'dmarc_failed',
      'dkim_passed',
      'spf_passed',
      'source_ip',
    ]) {
      for (const dir of ['', '-']) {
        const body = await s.get(`/api/dm/aggregated-by-ip/?${range}&ordering=${dir}${field}&page_size=100`);
        const sorted = new Map(
          body.data.map((r: { id: string; attributes: unknown }) => [r.id, r.attributes]),
        );
        expect(sorted, `${dir}${field}`).toEqual(plain);
        const values = body.data.map((r: { id: string; attributes: Record<string, number> }) =>
          field === 'source_ip' ? r.id : r.attributes[field],
        );
        const ordered = [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
        expect(values, `${dir}${field}`).toEqual(dir ? ordered.reverse() : ordered);
      }
    }
  });
});

describe('drill-downs', () => {
  it('messages of one source IP, grouped by IP, header From, disposition, DKIM and SPF', async () => {
    const mine = rows.filter((r) => r.sourceIp === ipA);
    const key = (r: Row) => [r.sourceIp, r.headerFrom, r.disposition, r.dkim, r.spf].join('|');
    const want = new Map<string, { messages: number; records: number; reports: number }>();
    for (const k of new Set(mine.map(key))) {
      const g = mine.filter((r) => key(r) === k);
      want.set(k, {
        messages: g.reduce((n, r) => n + r.count, 0),
        records: g.length,
        reports: new Set(g.map((r) => r.reportKey)).size,
      });
    }
    const body = await s.get(
      `/api/dm/dmarc/aggregate-reports/messages/?${range}&source_ip=${ipA}&page_size=100`,
    );
    expect(body.meta.count).toBe(want.size);
    const got = new Map(
      body.data.map((r: { id: string; attributes: Record<string, unknown> }) => {
        const a = r.attributes;
        expect(a).toMatchObject({ source_ip: ipA, reverse_dns: null, country: null, asn: null });
        expect(a.dmarc_pass).toBe(a.dkim === 'pass' || a.spf === 'pass');
        expect(r.id).toBe([a.source_ip, a.header_from, a.disposition, a.dkim, a.spf].join('|'));
        return [r.id, { messages: a.messages, records: a.records, reports: a.reports }];
      }),
    );
    expect(got).toEqual(want);
  });

  it('messages of one sender service under a domain filter', async () => {
    const domain = rows.find((r) => s.serviceOf(r) === 'Suffix Sender')!.domain;
    const mine = rows.filter((r) => s.serviceOf(r) === 'Suffix Sender' && r.domain === domain);
    const body = await s.get(
      `/api/dm/dmarc/aggregate-reports/messages/?${range}&domain=${domain}&sender_service=suffix%20sender&page_size=100`,
    );
    const total = body.data.reduce(
      (n: number, r: { attributes: { messages: number } }) => n + r.attributes.messages,
      0,
    );
    expect(total).toBe(mine.reduce((n, r) => n + r.count, 0));
    expect(
      body.data.every(
        (r: { attributes: { reverse_dns: string } }) =>
          r.attributes.reverse_dns === 'mta7.out.rdns-sender.example',
      ),
    ).toBe(true);
  });

  it('sender details per reporter and day', async () => {
    for (const [param, pick] of [
      ['sender_service=Broad%20Net', (r: Row) => s.serviceOf(r) === 'Broad Net'],
      [`source_ip=${ipB}`, (r: Row) => r.sourceIp === ipB],
      ['sender_service=Unknown', (r: Row) => s.serviceOf(r) === 'Unknown'],
    ] as const) {
      const mine = rows.filter(pick);
      const key = (r: Row) => `${r.org}|${r.day}`;
      const want = new Map<string, Record<string, unknown>>();
      for (const k of new Set(mine.map(key))) {
        const g = mine.filter((r) => key(r) === k);
        const sum = (p: (r: Row) => boolean) => g.filter(p).reduce((n, r) => n + r.count, 0);
        want.set(k, {
          org_name: g[0].org,
          date: g[0].day,
          messages: sum(() => true),
          dkim_passed: sum((r) => r.dkim === 'pass'),
          spf_passed: sum((r) => r.spf === 'pass'),
          dmarc_passed: sum((r) => r.dkim === 'pass' || r.spf === 'pass'),
        });
      }
      const body = await s.get(
        `/api/dm/dmarc/aggregate-reports/sender-details/?${range}&${param}&page_size=100`,
      );
      expect(body.meta.count, param).toBe(want.size);
      expect(
        new Map(body.data.map((r: { id: string; attributes: unknown }) => [r.id, r.attributes])),
        param,
      ).toEqual(want);
      const dates = body.data.map((r: { attributes: { date: string } }) => r.attributes.date);
      expect(dates).toEqual([...dates].sort().reverse());
    }
  });

  it('sender associations: the IPs of one email sender', async () => {
    const body = await s.get(
      `/api/dm/dmarc/aggregate-reports/sender-associations/?${range}&email_sender=${s.ids.get('Suffix Sender')}`,
    );
    expect(body.data).toEqual([
      {
        type: 'sender-associations',
        id: ipB,
        attributes: {
          id: ipB,
          ip: ipB,
          reverse_dns: 'mta7.out.rdns-sender.example',
          messages: sumBy(rows, (r) => r.sourceIp).get(ipB),
        },
      },
    ]);
    const broad = rows.filter((r) => s.serviceOf(r) === 'Broad Net');
    const wide = await s.get(
      `/api/dm/dmarc/aggregate-reports/sender-associations/?${range}&email_sender=${s.ids.get('Broad Net')}&page_size=100`,
    );
    expect(
      new Map(
        wide.data.map((r: { id: string; attributes: { messages: number } }) => [r.id, r.attributes.messages]),
      ),
    ).toEqual(sumBy(broad, (r) => r.sourceIp));
    const theirs = await s.get(
      `/api/dm/dmarc/aggregate-reports/sender-associations/?${range}&email_sender=${s.ids.get('Suffix Sender')}`,
      s.f.b.tokens.owner,
    );
    expect(theirs.data).toEqual([]);
    const missing = await call(
      s.f.t,
      'GET',
      '/api/dm/dmarc/aggregate-reports/sender-associations/?email_sender=999999',
      s.f.a.tokens.owner,
    );
    expect(missing.statusCode).toBe(404);
  });
});
