import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/testing/renderApp';
import { storeSession, userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { patternOf, urlOf } from '../../../api/call';
import { organizationDomainOps } from '../../../../contract/operations/organization-domains';
import { organizationOps } from '../../../../contract/operations/organizations';
import { publicationOps } from '../../../../contract/operations/publications';
import { userOps } from '../../../../contract/operations/users';

const listQueries: string[] = [];
const posted: { url: string; body: unknown }[] = [];
const org = (id: number, name: string) => ({
  type: 'organizations',
  id,
  attributes: { name, benefits: { organization_members_limit: 10 }, is_stripe: false },
  relationships: {
    owner: { data: { type: 'users', id: 30 } },
    members: { data: [{ type: 'users', id: 30 }] },
    member_registrations: { data: [] },
    domain_groups: { data: [] },
    domains: { data: [{ type: 'domains', id: 5 }] },
  },
});
let organizationAnswer = 201;

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
    HttpResponse.json(userDocument({ organization: null })),
  ),
  http.get(`*${patternOf(organizationOps.list)}`, ({ request }) => {
    const search = new URL(request.url).searchParams.get('search') ?? '';
    listQueries.push(new URL(request.url).search);
    const all = [org(1, 'Acme'), org(2, 'Globex')].filter((o) =>
      o.attributes.name.toLowerCase().includes(search),
    );
    return HttpResponse.json({ data: all, links: {}, meta: { count: all.length, page: 1, page_size: 20 } });
  }),
  http.get(`*${urlOf(organizationOps.get, { params: { id: 2 } })}`, () =>
    HttpResponse.json({ data: org(2, 'Globex') }),
  ),
  http.get(`*${urlOf(organizationOps.members, { params: { id: 2 } })}`, () =>
    HttpResponse.json({
      data: [
        {
          type: 'users',
          id: 30,
          attributes: {
            username: 'hank',
            email: 'hank@globex.example',
            role: 'owner',
            groups: [],
            is_active: true,
            last_login: null,
          },
        },
      ],
    }),
  ),
  http.get(`*${patternOf(organizationDomainOps.list)}`, () =>
    HttpResponse.json({
      data: [{ type: 'domains', id: 5, attributes: { name: 'globex.example', organization: 2 } }],
      links: {},
      meta: { count: 1, page: 1, page_size: 100 },
    }),
  ),
  http.post(`*${patternOf(userOps.create)}`, async ({ request }) => {
    const body = (await request.json()) as { username: string };
    posted.push({ url: 'users', body });
    if (body.username === 'taken')
      return HttpResponse.json({ username: ['A user with that username already exists.'] }, { status: 400 });
    return HttpResponse.json({ data: { type: 'users', id: 31, attributes: {} } }, { status: 201 });
  }),
  http.post(`*${patternOf(organizationOps.create)}`, async ({ request }) => {
    posted.push({ url: 'organizations', body: await request.json() });
    if (organizationAnswer !== 201) return HttpResponse.json({ name: ['Too long.'] }, { status: 400 });
    return HttpResponse.json({ data: org(3, 'Initech') }, { status: 201 });
  }),
  http.get(`*${patternOf(publicationOps.list)}`, () => HttpResponse.json({ data: [] })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(async () => {
  server.resetHandlers();
  listQueries.length = 0;
  posted.length = 0;
  organizationAnswer = 201;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

async function fillCreate(user: ReturnType<typeof userEvent.setup>, username: string) {
  await user.clear(screen.getByLabelText('Organization name'));
  await user.type(screen.getByLabelText('Organization name'), 'Initech');
  await user.clear(screen.getByLabelText("Owner's username"));
  await user.type(screen.getByLabelText("Owner's username"), username);
  await user.clear(screen.getByLabelText("Owner's email"));
  await user.type(screen.getByLabelText("Owner's email"), 'bill@initech.example');
  await user.click(screen.getByRole('button', { name: 'Create organization' }));
}

describe('support organizations administration', () => {
  it('searches every organization and opens one with its domains', async () => {
    const user = userEvent.setup();
    storeSession({ isSupport: true, organizationId: null });
    renderApp('/msas/settings/account');
    await user.click(await screen.findByRole('tab', { name: 'Organizations' }));
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search by name'), 'glob');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('button', { name: 'Details of Globex' });
    expect(screen.queryByText('Acme')).not.toBeInTheDocument();
    expect(listQueries).toEqual(['?page=1&order_by=name', '?search=glob&page=1&order_by=name']);
    await user.click(screen.getByRole('button', { name: 'Details of Globex' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('globex.example')).toBeInTheDocument();
    expect(await within(dialog).findByText('hank (hank@globex.example)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove globex.example' })).not.toBeInTheDocument();
  });

  it('creates the owner then the organization, with the two-step failure texts', async () => {
    const user = userEvent.setup();
    storeSession({ isSupport: true, organizationId: null });
    renderApp('/msas/settings/account');
    await user.click(await screen.findByRole('tab', { name: 'Organizations' }));
    await screen.findByText('Acme');

    await fillCreate(user, 'taken');
    expect(await screen.findByText('Unable to create organization owner.')).toBeInTheDocument();
    expect(screen.getByText('A user with that username already exists.')).toBeInTheDocument();
    expect(posted.map((p) => p.url)).toEqual(['users']);

    organizationAnswer = 400;
    await fillCreate(user, 'bill');
    expect(
      await screen.findByText('Owner was created but unable to create organization.'),
    ).toBeInTheDocument();
    expect(posted[2]).toEqual({ url: 'organizations', body: { name: 'Initech', owner: 31 } });

    // Trying again reuses the owner the first attempt created.
    organizationAnswer = 201;
    await fillCreate(user, 'bill');
    expect(await screen.findByText('The organization and its owner have been created.')).toBeInTheDocument();
    expect(posted.map((p) => p.url)).toEqual(['users', 'users', 'organizations', 'organizations']);
  });
});
