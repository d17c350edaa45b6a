import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/testing/renderApp';
import { storeSession, userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { patternOf, urlOf } from '../../../api/call';
import { domainOps } from '../../../../contract/operations/domains';
import { userOps } from '../../../../contract/operations/users';

const patches: { path: string; body: unknown }[] = [];
let assignAnswer = 200;
const carla = {
  type: 'users',
  id: 9,
  attributes: {
    username: 'carla',
    email: 'carla@example.org',
    name: null,
    role: 'member',
    groups: [],
    organization: 1,
    is_active: true,
    last_login: null,
  },
};
const domain = (id: number, name: string) => ({ type: 'domains', id, attributes: { name, organization: 1 } });

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.get(`*${patternOf(userOps.list)}`, () =>
    HttpResponse.json({ data: [carla], links: {}, meta: { count: 1, page: 1, page_size: 20 } }),
  ),
  http.get(`*${patternOf(userOps.groups)}`, () =>
    HttpResponse.json({
      data: [1, 2, 3].map((id) => ({
        type: 'groups',
        id,
        attributes: { name: ['Owner', 'Admin', 'Member'][id - 1] },
      })),
    }),
  ),
  http.get(`*${patternOf(domainOps.listV2)}`, () =>
    HttpResponse.json({ data: [domain(1, 'b.com'), domain(2, 'a.com')], links: {}, meta: { count: 2 } }),
  ),
  http.get(`*${urlOf(userOps.domains, { params: { id: 9 } })}`, () =>
    HttpResponse.json({ data: [domain(1, 'b.com')], meta: {} }),
  ),
  http.patch(`*${urlOf(userOps.setDomains, { params: { id: 9 } })}`, async ({ request }) => {
    patches.push({ path: 'domains', body: await request.json() });
    if (assignAnswer !== 200) return HttpResponse.json({ detail: 'Nope' }, { status: assignAnswer });
    return HttpResponse.json({ data: [domain(1, 'b.com'), domain(2, 'a.com')], meta: {} });
  }),
  http.patch(`*${urlOf(userOps.setGroups, { params: { id: 9 } })}`, async ({ request }) => {
    patches.push({ path: 'groups', body: await request.json() });
    // A 400 (a 403 would start the shared token refresh of the HTTP client first).
    const refusal = 'This group cannot be assigned here; use the owner transfer instead.';
    return HttpResponse.json({ groups: [refusal] }, { status: 400 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(async () => {
  server.resetHandlers();
  patches.length = 0;
  assignAnswer = 200;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

describe("a member's domains and group", () => {
  it('assigns domains through a multi-select and shows the catalogue text on failure', async () => {
    const user = userEvent.setup();
    storeSession();
    renderApp('/msas/settings/account');
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    await user.click(await screen.findByRole('button', { name: 'Domains of carla' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('b.com')).toBeInTheDocument();
    const select = within(dialog).getByLabelText('Domains');
    await user.click(select);
    await user.click(await within(dialog).findByText('a.com'));
    await user.click(within(dialog).getByRole('button', { name: 'Save domains' }));
    expect(await screen.findByText("The user's domains have been updated.")).toBeInTheDocument();
    expect(patches).toEqual([{ path: 'domains', body: { domains: ['b.com', 'a.com'] } }]);

    assignAnswer = 500;
    await user.click(within(dialog).getByRole('button', { name: 'Save domains' }));
    expect(
      await screen.findByText('Something went wrong when trying to update user domain.'),
    ).toBeInTheDocument();
  });

  it('changes the authorization group with PATCH /groups/ and shows the refusal', async () => {
    const user = userEvent.setup();
    storeSession();
    renderApp('/msas/settings/account');
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    const group = await screen.findByRole('combobox', { name: 'Authorization group of carla' });
    expect(
      within(group)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Admin', 'Member']);
    await user.selectOptions(group, 'Admin');
    expect(
      await screen.findByText('This group cannot be assigned here; use the owner transfer instead.'),
    ).toBeInTheDocument();
    expect(patches).toEqual([{ path: 'groups', body: { groups: [2] } }]);
  });
});
