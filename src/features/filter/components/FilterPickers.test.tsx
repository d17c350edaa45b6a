import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FilterBar } from '../../../app/layout/FilterBar';
import { userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { location, renderAnalytics } from '../../analytics/testing/renderAnalytics';
import { selectFilter } from '../filterSlice';
import { filterHandlers } from '../testing/filterHandlers';
import { patternOf, urlOf } from '../../../api/call';
import { domainGroupOps } from '../../../../contract/operations/domain-groups';
import { domainOps } from '../../../../contract/operations/domains';
import { organizationOps } from '../../../../contract/operations/organizations';
import { userOps } from '../../../../contract/operations/users';

// An installation larger than one page of every list: 250 organizations, 120 groups, 130 domains.
const pad = (n: number) => String(n).padStart(3, '0');
const organizations = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, name: `Org ${pad(i + 1)}` }));
const groups = Array.from({ length: 120 }, (_, i) => ({
  id: i + 1,
  name: `Group ${pad(i + 1)}`,
  domains: [`g${pad(i + 1)}.example`],
}));
const domains = Array.from({ length: 130 }, (_, i) => `d${pad(i + 1)}.example`);

const queries: Record<string, URLSearchParams[]> = { organizations: [], domains: [], groups: [] };
const server = setupServer(
  ...filterHandlers(organizations, groups, domains),
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
);
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  if (url.pathname === patternOf(organizationOps.list)) queries.organizations.push(url.searchParams);
  if (url.pathname === patternOf(domainOps.listV2)) queries.domains.push(url.searchParams);
  if (url.pathname === patternOf(domainGroupOps.listV2)) queries.groups.push(url.searchParams);
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  Object.values(queries).forEach((list) => (list.length = 0));
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

const path = '/msas/analytics/overview?begin_date=2024-05-01&end_date=2024-05-08';
const menu = () => document.querySelector('.msas-select__menu-list') as HTMLElement;

describe('Filter pickers over long lists', { timeout: 20_000 }, () => {
  it('finds an organization beyond the first page by asking the server with the typed text', async () => {
    const user = userEvent.setup();
    const { store } = renderAnalytics(<FilterBar />, path, true);
    const picker = await screen.findByLabelText('Organization');
    await user.click(picker);
    expect(await screen.findByText('Org 100')).toBeInTheDocument();
    expect(screen.queryByText('Org 237')).toBeNull();
    await user.type(picker, '237');
    await user.click(await screen.findByText('Org 237'));
    expect(queries.organizations.some((q) => q.get('search') === '237')).toBe(true);
    await waitFor(() => expect(selectFilter(store.getState()).organization).toBe(237));
    expect(location.search).toContain('organization=237');
    // The chosen organization's groups and domains are asked for.
    await waitFor(() => expect(queries.groups.at(-1)?.get('organization')).toBe('237'));
    expect(queries.domains.at(-1)?.get('organization')).toBe('237');
    expect(screen.getByText('Org 237')).toBeInTheDocument();
  });

  it('reads the next page of organizations when the menu is scrolled to its end', async () => {
    const user = userEvent.setup();
    renderAnalytics(<FilterBar />, path, true);
    await user.click(await screen.findByLabelText('Organization'));
    await screen.findByText('Org 100');
    fireEvent.scroll(menu());
    expect(await screen.findByText('Org 200')).toBeInTheDocument();
    expect(queries.organizations.at(-1)?.get('page')).toBe('2');
    expect(screen.getByText('Org 001')).toBeInTheDocument();
  });

  it('names the organization of a shared link even when it is not on the first page', async () => {
    renderAnalytics(<FilterBar />, `${path}&organization=237`, true);
    expect(await screen.findByText('Org 237')).toBeInTheDocument();
  });

  it('offers every domain group, and finds any domain by name', async () => {
    const user = userEvent.setup();
    renderAnalytics(<FilterBar />, path);
    await user.click(await screen.findByLabelText('Domain groups'));
    expect(await screen.findByText('Group 120')).toBeInTheDocument();
    expect(queries.groups.map((q) => q.get('page')).sort()).toEqual(['1', '2']);
    await user.keyboard('{Escape}');

    const domain = screen.getByLabelText('Domain');
    await user.click(domain);
    expect(await screen.findByText('d100.example')).toBeInTheDocument();
    await user.type(domain, 'd129');
    await user.click(await screen.findByText('d129.example'));
    await waitFor(() => expect(location.search).toContain('domain=d129.example'));
    expect(queries.domains.at(-1)?.get('search')).toBe('d129');
  });

  it('closing the menu after typing drops the search at once: no spinner, the first page again', async () => {
    const user = userEvent.setup();
    renderAnalytics(<FilterBar />, path, true);
    const picker = await screen.findByLabelText('Organization');
    await user.click(picker);
    await user.type(picker, '24');
    expect(await screen.findByText('Org 240')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(document.querySelector('.msas-select__loading-indicator')).toBeNull();
    await user.click(picker);
    expect(await screen.findByText('Org 001')).toBeInTheDocument();
  });

  it('says in the menu when the server cannot answer a search', async () => {
    const user = userEvent.setup();
    renderAnalytics(<FilterBar />, path, true);
    const picker = await screen.findByLabelText('Organization');
    await user.click(picker);
    await screen.findByText('Org 100');
    server.use(
      http.get(`*${patternOf(organizationOps.list)}`, () =>
        HttpResponse.json({ detail: 'Boom.' }, { status: 500 }),
      ),
    );
    await user.type(picker, 'zz');
    expect(
      await screen.findByText('The list could not be loaded. Close it and open it again to retry.'),
    ).toBeInTheDocument();
  });
});
