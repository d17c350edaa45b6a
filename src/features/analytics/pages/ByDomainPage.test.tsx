import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { filterHandlers } from '../../filter/testing/filterHandlers';
import { domainRow, messageRow, rowsWire } from '../testing/fixtures';
import { location, renderAnalytics } from '../testing/renderAnalytics';
import { ByDomainPage } from './ByDomainPage';
import { patternOf, urlOf } from '../../../api/call';
import { analyticsOps } from '../../../../contract/operations/analytics';
import { userOps } from '../../../../contract/operations/users';

const listPath = patternOf(analyticsOps.byDomain);
const messagesPath = patternOf(analyticsOps.messages);
const queries: URLSearchParams[] = [];
const messageQueries: URLSearchParams[] = [];
const csvQueries: URLSearchParams[] = [];
let rows = [domainRow('example.com', 10), domainRow('example.org', 4)];
let status = 200;

const server = setupServer(
  ...filterHandlers(),
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.get(`*${listPath}`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    if (query.get('format') === 'csv') {
      csvQueries.push(query);
      return new HttpResponse('domain,messages\r\nexample.com,10\r\n', {
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="by-domain.csv"',
        },
      });
    }
    queries.push(query);
    if (status !== 200) return HttpResponse.json({ detail: 'Boom.' }, { status });
    const search = query.get('search');
    const shown = search ? rows.filter((r) => r.domain.includes(search)) : rows;
    return HttpResponse.json(
      rowsWire(
        listPath,
        'aggregated-by-domain',
        shown,
        (r) => r.domain,
        shown.length === 2 ? 45 : shown.length,
        Number(query.get('page')),
      ),
    );
  }),
  http.get(`*${messagesPath}`, ({ request }) => {
    messageQueries.push(new URL(request.url).searchParams);
    return HttpResponse.json(
      rowsWire(messagesPath, 'messages', [messageRow('192.0.2.1', 'example.com')], (r) => r.source_ip),
    );
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  queries.length = 0;
  messageQueries.length = 0;
  csvQueries.length = 0;
  rows = [domainRow('example.com', 10), domainRow('example.org', 4)];
  status = 200;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

const path = '/msas/analytics/by_domain?begin_date=2024-05-01&end_date=2024-05-08';
const table = () => screen.findByRole('table', { name: 'Results by domain' });

describe('Analytics → Aggregated by domain', { timeout: 20_000 }, () => {
  it('lists the domains under the filter, sorts, searches and pages', async () => {
    const user = userEvent.setup();
    renderAnalytics(<ByDomainPage />, path);
    const list = await table();
    expect(within(list).getAllByRole('row')).toHaveLength(3);
    expect(within(list).getByRole('button', { name: /example\.com/ })).toBeInTheDocument();
    expect(queries.at(-1)?.get('begin_date')).toBe('2024-05-01');
    expect(queries.at(-1)?.get('ordering')).toBe('-messages');
    expect(within(list).getByRole('columnheader', { name: /^Messages/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.click(within(list).getByRole('button', { name: 'Domain' }));
    await waitFor(() => expect(queries.at(-1)?.get('ordering')).toBe('domain'));
    await user.click(within(await table()).getByRole('button', { name: /^Domain/ }));
    await waitFor(() => expect(queries.at(-1)?.get('ordering')).toBe('-domain'));

    expect(screen.getByText('Page 1 of 3 (45 in total)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));

    await user.type(screen.getByRole('searchbox', { name: 'Search domains' }), 'org');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('org'));
    expect(queries.at(-1)?.get('page')).toBe('1');
    expect(within(await table()).getAllByRole('row')).toHaveLength(2);
  });

  it('exports the whole list under the filter as CSV through the API client', async () => {
    const user = userEvent.setup();
    const create = vi.fn(() => 'blob:csv');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    renderAnalytics(<ByDomainPage />, path);
    await table();
    await user.click(screen.getByRole('button', { name: 'Export CSV: Results by domain' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:csv'));
    const saved = (create.mock.calls[0] as unknown as [Blob])[0];
    expect(await saved.text()).toBe('domain,messages\r\nexample.com,10\r\n');
    const query = csvQueries[0];
    expect(query.get('begin_date')).toBe('2024-05-01');
    expect(query.get('end_date')).toBe('2024-05-08');
    expect(query.get('ordering')).toBe('-messages');
    expect(query.has('page')).toBe(false);
  });

  it('opens a domain’s messages (bookmarkable) and goes back', async () => {
    const user = userEvent.setup();
    renderAnalytics(<ByDomainPage />, path);
    await user.click(within(await table()).getByRole('button', { name: 'Open the messages of example.org' }));
    const messages = await screen.findByRole('table', { name: 'Messages of example.org' });
    expect(location.search).toContain('row=example.org');
    expect(messageQueries.at(-1)?.get('domain')).toBe('example.org');
    expect(within(messages).getByText('192.0.2.1')).toBeInTheDocument();
    expect(within(messages).getByText('AS28573')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(await table()).toBeInTheDocument();
    expect(location.search).not.toContain('row=');
  });

  it('shows an empty list, and an error with a retry', async () => {
    const user = userEvent.setup();
    rows = [];
    status = 500;
    renderAnalytics(<ByDomainPage />, path);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    status = 200;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No reports for your domains in this period.')).toBeInTheDocument();
  });

  it('speaks Portuguese', async () => {
    await setLanguage('pt');
    server.use(
      http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
        HttpResponse.json(userDocument({ language: 'pt' })),
      ),
    );
    renderAnalytics(<ByDomainPage />, path);
    expect(await screen.findByRole('table', { name: 'Resultados por domínio' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar CSV: Resultados por domínio' })).toBeInTheDocument();
  });
});
