import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { filterHandlers } from '../../filter/testing/filterHandlers';
import { metricsWire, seriesWire } from '../testing/fixtures';
import { renderAnalytics } from '../testing/renderAnalytics';
import { OverviewPage } from './OverviewPage';
import { patternOf, urlOf } from '../../../api/call';
import { analyticsOps } from '../../../../contract/operations/analytics';
import { demoOps } from '../../../../contract/operations/demo';
import { domainOps } from '../../../../contract/operations/domains';
import { userOps } from '../../../../contract/operations/users';

const calls: string[] = [];
let messages = 10;
let status = 200;
let period: { first_day: string | null; last_day: string | null } = { first_day: null, last_day: null };

const answer = (kind: string) => (info: { request: Request }) => {
  const url = new URL(info.request.url);
  calls.push(`${url.pathname}?${url.searchParams.toString()}`);
  if (status !== 200) return HttpResponse.json({ detail: 'Boom.' }, { status });
  return HttpResponse.json(kind === 'metrics' ? metricsWire(messages) : seriesWire());
};

// The domains list the get-started page reads (filterHandlers' has no verification).
const domainsWithRecords = http.get(`*${patternOf(domainOps.listV2)}`, () =>
  HttpResponse.json({
    data: [
      {
        type: 'domains',
        id: 4,
        attributes: {
          name: 'example.org',
          verification: {
            status: 'pending',
            method: null,
            checked_at: null,
            problem: null,
            report_address: 'r-abc@reports.msas.test',
            dmarc_rua: 'mailto:r-abc@reports.msas.test',
            txt_name: '_msas.example.org',
            txt_value: 'msas-verify=x',
          },
        },
      },
    ],
    links: {},
    meta: {},
  }),
);

const server = setupServer(
  ...filterHandlers(),
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.get(`*${patternOf(demoOps.status)}`, () =>
    HttpResponse.json({ data: { available: true, reason: null } }),
  ),
  http.get(`*${patternOf(analyticsOps.reportPeriod)}`, () =>
    HttpResponse.json({ data: { type: 'report-period', id: '1', attributes: period } }),
  ),
  ...[
    [analyticsOps.metrics, analyticsOps.timeSeries],
    [analyticsOps.domainMetrics, analyticsOps.domainTimeSeries],
    [analyticsOps.groupMetrics, analyticsOps.groupTimeSeries],
    [analyticsOps.organizationMetrics, analyticsOps.organizationTimeSeries],
  ].flatMap(([metrics, series]) => [
    http.get(`*${patternOf(metrics)}`, answer('metrics')),
    http.get(`*${patternOf(series)}`, answer('series')),
  ]),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  calls.length = 0;
  messages = 10;
  status = 200;
  period = { first_day: null, last_day: null };
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

const dates = 'begin_date=2024-05-01&end_date=2024-05-03';

describe('Analytics → Overview', { timeout: 20_000 }, () => {
  it('shows the metrics as cards and charts with their tables, for all domains', async () => {
    renderAnalytics(<OverviewPage />, `/msas/analytics/overview?${dates}`);
    const cards = await screen.findByLabelText('Totals');
    expect(within(cards).getByText('Reports').nextSibling).toHaveTextContent('3');
    expect(within(cards).getByText('Messages').nextSibling).toHaveTextContent('10');
    expect(within(cards).getByText('May 1, 2024 to May 3, 2024')).toBeInTheDocument();
    const passFail = screen.getByRole('table', { name: 'DMARC, DKIM and SPF results (messages)' });
    const dmarc = within(passFail).getByRole('row', { name: /^DMARC/ });
    expect(
      within(dmarc)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['8 80.00%', '2 20.00%']);
    const verification = screen.getByRole('table', { name: 'Verification' });
    expect(within(verification).getByRole('row', { name: /Passed, not aligned/ })).toHaveTextContent(
      '10.00%',
    );
    const split = screen.getByRole('table', { name: 'How DMARC passed' });
    expect(within(split).getByRole('row', { name: /DKIM only/ })).toHaveTextContent('225.00%');
    const series = screen.getByRole('table', { name: 'Messages per day' });
    expect(within(series).getByRole('row', { name: /May 3, 2024/ })).toHaveTextContent('May 3, 2024369');
    expect(calls).toEqual([
      `${urlOf(analyticsOps.metrics)}?${dates}`,
      `${urlOf(analyticsOps.timeSeries)}?${dates}`,
    ]);
  });

  it('writes the period and the days of the chart in the page language', async () => {
    server.use(
      http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
        HttpResponse.json(userDocument({ language: 'pt' })),
      ),
    );
    await setLanguage('pt');
    renderAnalytics(<OverviewPage />, `/msas/analytics/overview?${dates}`);
    const cards = await screen.findByLabelText('Totais');
    expect(within(cards).getByText('1 de mai. de 2024 a 3 de mai. de 2024')).toBeInTheDocument();
    const series = screen.getByRole('table', { name: 'Mensagens por dia' });
    expect(within(series).getByRole('row', { name: /3 de mai\. de 2024/ })).toBeInTheDocument();
  });

  it('uses the domain call for one domain', async () => {
    renderAnalytics(<OverviewPage />, `/msas/analytics/overview?domain=example.com&${dates}`);
    await screen.findByLabelText('Totals');
    expect(calls[0]).toBe(`${urlOf(analyticsOps.domainMetrics, { params: { d: 'example.com' } })}?${dates}`);
  });

  it('sends several groups to the all-domains call', async () => {
    renderAnalytics(<OverviewPage />, `/msas/analytics/overview?domain_groups=5,6&${dates}`);
    await screen.findByLabelText('Totals');
    expect(calls[0]).toBe(`${urlOf(analyticsOps.metrics)}?domain_groups=5%2C6&${dates}`);
  });

  it('uses the group call for one group', async () => {
    renderAnalytics(<OverviewPage />, `/msas/analytics/overview?domain_groups=6&${dates}`);
    await screen.findByLabelText('Totals');
    expect(calls[0]).toBe(`${urlOf(analyticsOps.groupMetrics, { params: { id: 6 } })}?${dates}`);
  });

  it('for support, an organization goes to /api/ph/organizations/{id}/metrics/', async () => {
    renderAnalytics(<OverviewPage />, `/msas/analytics/overview?organization=2&${dates}`, true);
    await screen.findByLabelText('Totals');
    expect(calls[0]).toBe(`${urlOf(analyticsOps.organizationMetrics, { params: { id: 2 } })}?${dates}`);
    expect(calls[1]).toBe(`${urlOf(analyticsOps.organizationTimeSeries, { params: { id: 2 } })}?${dates}`);
  });

  it('shows the empty state, and an error with a retry', async () => {
    const user = userEvent.setup();
    period = { first_day: '2024-05-01', last_day: '2024-05-03' };
    status = 500;
    renderAnalytics(<OverviewPage />, `/msas/analytics/overview?${dates}`);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    status = 200;
    messages = 0;
    server.use(
      http.get(`*${patternOf(analyticsOps.metrics)}`, () => {
        const doc = metricsWire(0);
        doc.data.attributes.nr_reports = 0;
        return HttpResponse.json(doc);
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No reports for this selection in the period.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Totals')).toBeNull());
    // An owner of a new installation is offered demo data there (DemoOffer.test.tsx loads it).
    expect(await screen.findByRole('button', { name: 'Load demo data' })).toBeVisible();
  });

  it('offers the period that has data when the chosen one is empty', async () => {
    const user = userEvent.setup();
    messages = 0;
    period = { first_day: '2023-11-14', last_day: '2023-11-20' };
    server.use(
      http.get(`*${patternOf(analyticsOps.metrics)}`, () => {
        const doc = metricsWire(0);
        doc.data.attributes.nr_reports = 0;
        return HttpResponse.json(doc);
      }),
    );
    renderAnalytics(<OverviewPage />, `/msas/analytics/overview?${dates}`);
    expect(await screen.findByText('Your reports span Nov 14, 2023 to Nov 20, 2023.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Nov 14, 2023 to Nov 20, 2023' }));
    await waitFor(() =>
      expect(calls.at(-1)).toBe(
        urlOf(analyticsOps.timeSeries, { query: { begin_date: '2023-11-14', end_date: '2023-11-20' } }),
      ),
    );
    expect(screen.queryByTestId('get-started')).toBeNull();
  });

  it('shows a new organization how to get started, with its DMARC record to copy', async () => {
    messages = 0;
    server.use(
      domainsWithRecords,
      http.get(`*${patternOf(analyticsOps.metrics)}`, () => {
        const doc = metricsWire(0);
        doc.data.attributes.nr_reports = 0;
        return HttpResponse.json(doc);
      }),
    );
    renderAnalytics(<OverviewPage />, `/msas/analytics/overview?${dates}`);
    const start = await screen.findByTestId('get-started');
    expect(within(start).getByRole('heading', { name: 'Get started' })).toBeInTheDocument();
    const record = await within(start).findByRole('region', { name: 'DMARC record of example.org' });
    expect(within(record).getByText('_dmarc.example.org')).toBeInTheDocument();
    expect(within(record).getByTestId('dmarc-record')).toHaveTextContent(
      'v=DMARC1; p=none; rua=mailto:r-abc@reports.msas.test',
    );
    expect(
      within(record).getByRole('button', { name: 'Copy the DMARC record of example.org' }),
    ).toBeInTheDocument();
    expect(
      within(record).getByRole('button', { name: 'Check now the DMARC record of example.org' }),
    ).toBeInTheDocument();
    expect(within(start).getByRole('button', { name: 'Upload reports' })).toBeInTheDocument();
  });

  it("shows the server's field message for a period over ten years", async () => {
    server.use(
      http.get(`*${patternOf(analyticsOps.timeSeries)}`, () =>
        HttpResponse.json({ begin_date: ['The date range may span at most 3660 days.'] }, { status: 400 }),
      ),
    );
    renderAnalytics(<OverviewPage />, '/msas/analytics/overview?begin_date=2001-01-01&end_date=2024-05-03');
    expect(await screen.findByRole('alert')).toHaveTextContent('The date range may span at most 3660 days.');
  });
});
