import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { location, renderAnalytics } from '../../features/analytics/testing/renderAnalytics';
import { selectFilter } from '../../features/filter/filterSlice';
import { filterHandlers } from '../../features/filter/testing/filterHandlers';
import { setLanguage } from '../../i18n';
import { userDocument } from '../testing/session';
import { FilterBar } from './FilterBar';
import { urlOf } from '../../api/call';
import { userOps } from '../../../contract/operations/users';

const optionQueries: URLSearchParams[] = [];

const server = setupServer(
  ...filterHandlers(),
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
);
server.events.on('request:start', ({ request }) => {
  if (request.url.includes('/v2/domains/')) optionQueries.push(new URL(request.url).searchParams);
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  optionQueries.length = 0;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

describe('FilterBar', { timeout: 20_000 }, () => {
  it('leaves a URL without a filter clean (the rolling defaults) until the filter changes', async () => {
    const { store } = renderAnalytics(<FilterBar />, '/msas/analytics/overview');
    const { beginDate } = selectFilter(store.getState());
    const end = await screen.findByLabelText('End date');
    expect(location.search).toBe('');
    // A day within the ten years the filter allows, so the start stays where it was.
    const later = new Date(Date.parse(`${beginDate}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(end, { target: { value: later } });
    await waitFor(() => expect(location.search).toBe(`?begin_date=${beginDate}&end_date=${later}`));
  });

  it('reads a shared link and picks a domain with the keyboard', async () => {
    const user = userEvent.setup();
    // A member of one organization gets no organization picker.
    server.use(...filterHandlers([{ id: 1, name: 'Acme' }]));
    const { store } = renderAnalytics(
      <FilterBar />,
      '/msas/analytics/overview?domain_groups=6&begin_date=2024-05-01&end_date=2024-05-08&row=x',
    );
    expect(await screen.findByText('Corporate')).toBeInTheDocument();
    expect(screen.queryByLabelText('Organization')).toBeNull();
    screen.getByLabelText('Domain').focus();
    await user.keyboard('{ArrowDown}');
    // Only the domains of the chosen group are offered.
    expect(await screen.findByText('example.org')).toBeInTheDocument();
    expect(screen.queryByText('news.example.com')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(location.search).toBe(
        '?row=x&domain_groups=6&domain=example.com&begin_date=2024-05-01&end_date=2024-05-08',
      ),
    );
    expect(selectFilter(store.getState())).toMatchObject({ domainGroups: [6], domain: 'example.com' });
  });

  it('offers support users the organizations; choosing one reloads its groups and domains', async () => {
    const user = userEvent.setup();
    const { store } = renderAnalytics(
      <FilterBar />,
      '/msas/analytics/overview?begin_date=2024-05-01&end_date=2024-05-08',
      true,
    );
    const organization = await screen.findByLabelText('Organization');
    await waitFor(() => expect(store.getState()).toHaveProperty('filterOrganizations.data.length', 2));
    organization.focus();
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByText('Globex'));
    await waitFor(() => expect(selectFilter(store.getState()).organization).toBe(2));
    expect(location.search).toContain('organization=2');
    await waitFor(() => expect(optionQueries.at(-1)?.get('organization')).toBe('2'));
  });

  it('changes the period; an end before the start moves the start', async () => {
    const { store } = renderAnalytics(
      <FilterBar />,
      '/msas/analytics/overview?begin_date=2024-05-01&end_date=2024-05-08',
    );
    const end = await screen.findByLabelText('End date');
    fireEvent.change(end, { target: { value: '2024-04-20' } });
    await waitFor(() =>
      expect(selectFilter(store.getState())).toMatchObject({
        beginDate: '2024-04-20',
        endDate: '2024-04-20',
      }),
    );
    expect(location.search).toBe('?begin_date=2024-04-20&end_date=2024-04-20');
  });
});
