import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeSession } from '../../app/testing/session';
import { fetchSenderDetails } from './senderDetails';
import { patternOf } from '../../api/call';
import { analyticsOps } from '../../../contract/operations/analytics';
import { reportOps } from '../../../contract/operations/reports';

// A reports route that filters and pages like server/modules/reports: ?search= inside the reporter's name or
// report id, ?begin_date/?end_date overlapping the report's period, newest first, ?page_size up to 100.
type Report = { id: number; org_name: string; report_id: string; begin_date: string; end_date: string };

const day = (d: string, hour = 0) => `${d}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const report = (id: number, org: string, d: string, hour = 0): Report => ({
  id,
  org_name: org,
  report_id: `r-${id}`,
  begin_date: day(d, hour),
  end_date: day(d, 23),
});

let reports: Report[] = [];
let details: { org_name: string; date: string }[] = [];
const asked: URLSearchParams[] = [];

function listReports(query: URLSearchParams) {
  const search = query.get('search')?.toLowerCase() ?? '';
  const from = query.get('begin_date');
  const to = query.get('end_date');
  const rows = reports
    .filter((r) => !search || r.org_name.toLowerCase().includes(search) || r.report_id.includes(search))
    .filter((r) => !from || r.end_date >= day(from))
    .filter((r) => !to || r.begin_date < day(to, 24))
    .sort((a, b) => b.begin_date.localeCompare(a.begin_date) || b.id - a.id);
  const size = Math.min(Number(query.get('page_size') ?? 20), 100);
  const page = Number(query.get('page') ?? 1);
  const next = page * size < rows.length ? `${patternOf(reportOps.aggregates)}?page=${page + 1}` : null;
  return {
    data: rows
      .slice((page - 1) * size, page * size)
      .map((r) => ({ type: 'aggregate-reports', id: r.id, attributes: r })),
    links: { current: null, first: null, last: null, next, prev: null },
    meta: { count: rows.length, page, page_size: size },
  };
}

const server = setupServer(
  http.get(`*${patternOf(analyticsOps.senderDetails)}`, () =>
    HttpResponse.json({
      data: details.map((d) => ({
        type: 'sender-details',
        id: `${d.org_name}|${d.date}`,
        attributes: { ...d, messages: 1, dkim_passed: 1, spf_passed: 1, dmarc_passed: 1 },
      })),
      links: { current: null, first: null, last: null, next: null, prev: null },
      meta: { count: details.length, page: 1, page_size: 20 },
    }),
  ),
  http.get(`*${patternOf(reportOps.aggregates)}`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query);
    return HttpResponse.json(listReports(query));
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => storeSession());
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
  localStorage.clear();
});
afterAll(() => server.close());

const filter = { organization: '3', domain_groups: '4', begin_date: '2024-04-01', end_date: '2024-05-31' };
const linked = async () =>
  (await fetchSenderDetails({ ...filter, sender_service: 'Google' })).data.map(
    (r) => `${r.attributes.orgName} ${r.attributes.date} → ${r.attributes.reportId}`,
  );

describe('sender details merged with their reports (spec section 4: org name + date)', () => {
  it('links rows whose report is beyond the first hundred, asking only for their reporter and days', async () => {
    // 150 newer Google reports (one per domain) come before the one of May 1st; Yahoo's and others' too.
    reports = [
      ...Array.from({ length: 150 }, (_, i) => report(1000 + i, 'google.com', '2024-05-07', 1)),
      report(999, 'google.com', '2024-05-01'),
      report(998, 'notgoogle.com', '2024-05-01', 2),
      ...Array.from({ length: 120 }, (_, i) => report(2000 + i, 'Yahoo! Inc.', '2024-05-09')),
      report(500, 'Yahoo! Inc.', '2024-05-02'),
    ];
    details = [
      { org_name: 'google.com', date: '2024-05-07' },
      { org_name: 'Yahoo! Inc.', date: '2024-05-02' },
      { org_name: 'google.com', date: '2024-05-01' },
      { org_name: 'Google.com', date: '2024-05-03' },
    ];
    expect(await linked()).toEqual([
      'google.com 2024-05-07 → 1149',
      'Yahoo! Inc. 2024-05-02 → 500',
      'google.com 2024-05-01 → 999',
      'Google.com 2024-05-03 → null',
    ]);
    const google = asked.filter((q) => q.get('search') === 'google.com');
    expect(google.map((q) => [q.get('begin_date'), q.get('end_date'), q.get('page')])).toEqual([
      ['2024-05-01', '2024-05-07', '1'],
      ['2024-05-01', '2024-05-07', '2'],
    ]);
    const yahoo = asked.filter((q) => q.get('search') === 'Yahoo! Inc.');
    // Narrowed to its one day, Yahoo's newer reports are never read.
    expect(yahoo.map((q) => [q.get('begin_date'), q.get('end_date'), q.get('page')])).toEqual([
      ['2024-05-02', '2024-05-02', '1'],
    ]);
    expect(asked.every((q) => q.get('organization') === '3' && q.get('page_size') === '100')).toBe(true);
  });

  it('stops at the end of the list when a day has no report, and asks nothing for an empty page', async () => {
    reports = [report(7, 'Mail.ru', '2024-05-05')];
    details = [{ org_name: 'Mail.ru', date: '2024-05-06' }];
    expect(await linked()).toEqual(['Mail.ru 2024-05-06 → null']);
    expect(asked).toHaveLength(1);

    details = [];
    asked.length = 0;
    expect(await linked()).toEqual([]);
    expect(asked).toHaveLength(0);
  });
});
