import { call } from './support/orgs';
import type { Row } from './analytics-senders-xml';
import { range, rows, senderScenario, type Scenario } from './analytics-senders-setup';

// CSV export of the analytics lists under a filter, against figures computed from the sample XML.

let s: Scenario;

beforeAll(async () => {
  s = await senderScenario();
  await s.recalculate();
}, 120_000);
afterAll(() => s.f.t.close());

describe('CSV export', () => {
  it('writes every row under the filter, in the list order, as RFC 4180 CSV', async () => {
    const domain = rows.find((r) => s.serviceOf(r) === 'Narrow Net')!.domain;
    const res = await call(
      s.f.t,
      'GET',
      `/api/dm/aggregated-by-sender-service/?${range}&domain=${domain}&format=csv&page_size=1`,
      s.f.a.tokens.owner,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="by-sender-service_1970-01-01_2030-12-31.csv"',
    );
    const mine = rows.filter((r) => r.domain === domain);
    // The unattributed sources are a total of their own (meta.unattributed_messages), not a row.
    const services = [...new Set(mine.map(s.serviceOf))].filter((name) => name !== 'Unknown');
    const lines = services
      .map((name) => {
        const g = mine.filter((r) => s.serviceOf(r) === name);
        const sum = (p: (r: Row) => boolean) => g.filter(p).reduce((n, r) => n + r.count, 0);
        const messages = sum(() => true);
        const dmarc = sum((r) => r.dkim === 'pass' || r.spf === 'pass');
        return {
          messages,
          line: [
            name,
            s.ids.get(name) ?? '',
            messages,
            sum((r) => r.dkim === 'pass'),
            sum((r) => r.spf === 'pass'),
            dmarc,
            messages === 0 ? 0 : Math.round((dmarc / messages) * 10_000) / 100,
            new Set(g.map((r) => r.sourceIp)).size,
            1,
          ].join(','),
          name,
        };
      })
      .sort((x, y) => y.messages - x.messages || (x.name < y.name ? -1 : 1))
      .map((x) => x.line);
    expect(res.headers['x-total-count']).toBe(String(services.length));
    expect(res.body).toBe(
      [
        'sender_service,email_sender_id,messages,dkim_passed,spf_passed,dmarc_passed,dmarc_passed_percentage,ips,domains',
        ...lines,
        '',
      ].join('\r\n'),
    );
  });

  it('exports the existing aggregations and the drill-downs too', async () => {
    for (const url of [
      `/api/dm/aggregated-by-domain/?${range}&format=csv`,
      `/api/dm/aggregated-by-ip/?${range}&format=csv`,
      `/api/dm/dmarc/aggregate-reports/messages/?${range}&format=csv`,
      `/api/dm/dmarc/aggregate-reports/sender-details/?${range}&format=csv`,
    ]) {
      const res = await call(s.f.t, 'GET', url, s.f.a.tokens.owner);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/csv; charset=utf-8');
      const body = res.body;
      expect(body.endsWith('\r\n'), url).toBe(true);
      expect(body.split('\r\n').length - 2, url).toBe(Number(res.headers['x-total-count']));
    }
    const ips = await call(s.f.t, 'GET', `/api/dm/aggregated-by-ip/?${range}&format=csv`, s.f.a.tokens.owner);
    expect(ips.body.split('\r\n')[0]).toBe(
      'source_ip,reverse_dns,sender_service,messages,records,dmarc_passed,dmarc_failed,dkim_passed,spf_passed,dmarc_passed_percentage,domains',
    );
    expect(ips.body.split('\r\n').length - 2).toBe(new Set(rows.map((r) => r.sourceIp)).size);
  });
});
