import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { filterHandlers } from '../../filter/testing/filterHandlers';
import { aggregateWire } from '../../processedData/testing/fixtures';
import { ipRow, messageRow, rowsWire } from '../testing/fixtures';
import { location, renderAnalytics } from '../testing/renderAnalytics';
import { ByIpPage } from './ByIpPage';
import { patternOf, urlOf } from '../../../api/call';
import { reputationOps } from '../../../../contract/operations/reputation';
import { analyticsOps } from '../../../../contract/operations/analytics';
import { reportOps } from '../../../../contract/operations/reports';
import { userOps } from '../../../../contract/operations/users';

const base = patternOf(reportOps.aggregates);
const seen: Record<string, URLSearchParams[]> = { details: [], messages: [] };

const server = setupServer(
  ...filterHandlers(),
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.get(`*${patternOf(analyticsOps.byIp)}`, () =>
    HttpResponse.json(
      rowsWire(
        patternOf(analyticsOps.byIp),
        'aggregated-by-ip',
        [
          ipRow('192.0.2.10'),
          ipRow('198.51.100.7', { reverse_dns: null, sender_service: null, country: null, asn: null }),
        ],
        (r) => r.source_ip,
      ),
    ),
  ),
  http.get(`*${patternOf(analyticsOps.messages)}`, ({ request }) => {
    seen.messages.push(new URL(request.url).searchParams);
    return HttpResponse.json(
      rowsWire(
        `${patternOf(analyticsOps.messages)}`,
        'messages',
        [messageRow('192.0.2.10', 'example.com')],
        (r) => r.source_ip,
      ),
    );
  }),
  http.get(`*${patternOf(analyticsOps.senderDetails)}`, ({ request }) => {
    seen.details.push(new URL(request.url).searchParams);
    const row = (org_name: string, date: string) => ({
      org_name,
      date,
      messages: 4,
      dkim_passed: 4,
      spf_passed: 3,
      dmarc_passed: 4,
    });
    return HttpResponse.json(
      rowsWire(
        `${patternOf(analyticsOps.senderDetails)}`,
        'sender-details',
        [row('Google', '2023-11-28'), row('Yahoo', '2023-11-29')],
        (r) => `${r.org_name}${r.date}`,
      ),
    );
  }),
  // The reports the details merge with: Google's starts on 2023-11-28 (fixtures), Yahoo has none that day.
  http.get(`*${base}`, () =>
    HttpResponse.json(
      rowsWire(base, 'aggregate-reports', [aggregateWire(41, 'Google', 'g-1').attributes], () => '41'),
    ),
  ),
  http.get(`*${patternOf(reputationOps.ipInfo)}`, ({ params }) =>
    HttpResponse.json({
      data: {
        type: 'ip-info',
        id: params.ip,
        attributes: {
          ip: params.ip,
          hostname: 'mail-a.google.com',
          hostname_confirmed: true,
          city: 'Mountain View',
          region: 'California',
          country: 'US',
          postal: null,
          loc: null,
          org: 'AS15169 Google LLC',
          timezone: null,
          spf_domains: ['example.com'],
          dkim_domains: [],
        },
      },
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  seen.details.length = 0;
  seen.messages.length = 0;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

const path = '/msas/analytics/by_ip?begin_date=2023-11-01&end_date=2023-12-01';

describe('Analytics → Aggregated by IP', { timeout: 20_000 }, () => {
  it('shows reverse DNS, country, AS and sender service when known', async () => {
    renderAnalytics(<ByIpPage />, path);
    const table = await screen.findByRole('table', { name: 'Results by source IP' });
    const [, known, unknown] = within(table).getAllByRole('row');
    expect(within(known).getByText('mail-a.google.com')).toBeInTheDocument();
    expect(within(known).getByText('US')).toBeInTheDocument();
    expect(within(known).getByText('AS15169')).toBeInTheDocument();
    expect(within(known).getByText('Google')).toBeInTheDocument();
    expect(within(unknown).getAllByText('Unknown')).toHaveLength(4);
  });

  it('drills into an IP: its info, messages, and reporters linked to their reports', async () => {
    const user = userEvent.setup();
    renderAnalytics(<ByIpPage />, path);
    const table = await screen.findByRole('table', { name: 'Results by source IP' });
    await user.click(within(table).getByRole('button', { name: 'Open the messages of 192.0.2.10' }));
    expect(location.search).toContain('row=192.0.2.10');
    expect(await screen.findByText('Mountain View')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Messages of 192.0.2.10' });
    expect(seen.messages.at(-1)?.get('source_ip')).toBe('192.0.2.10');
    const details = await screen.findByRole('table', { name: 'Reporters of 192.0.2.10 by day' });
    expect(seen.details.at(-1)?.get('source_ip')).toBe('192.0.2.10');
    expect(seen.details.at(-1)?.get('begin_date')).toBe('2023-11-01');
    const link = within(details).getByRole('link', { name: 'Open the report of Google for 2023-11-28' });
    expect(link).toHaveAttribute('href', '/msas/processed_data/dmarc_reports?report=41');
    expect(within(details).queryByRole('link', { name: /Yahoo/ })).toBeNull();
    expect(within(details).getByText('Yahoo')).toBeInTheDocument();
  });
});
