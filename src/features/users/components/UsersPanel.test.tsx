import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/testing/renderApp';
import { storeSession, userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { patternOf, urlOf } from '../../../api/call';
import { organizationOps } from '../../../../contract/operations/organizations';
import { userOps } from '../../../../contract/operations/users';

const listQueries: string[] = [];
const row = {
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

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.get(`*${urlOf(userOps.pendingEmailChange, { params: { id: 7 } })}`, () =>
    HttpResponse.json({ email_change: null }),
  ),
  http.get(`*${patternOf(userOps.list)}`, ({ request }) => {
    listQueries.push(new URL(request.url).search);
    return HttpResponse.json({ data: [row], links: {}, meta: { count: 1, page: 1, page_size: 20 } });
  }),
  http.get(`*${patternOf(userOps.groups)}`, () =>
    HttpResponse.json({ data: [{ type: 'groups', id: 2, attributes: { name: 'Admins' } }] }),
  ),
  http.post(`*${patternOf(userOps.create)}`, () => HttpResponse.json({ data: row }, { status: 201 })),
  http.post(
    `*${urlOf(userOps.delete, { params: { id: 9 } })}`,
    () => new HttpResponse(null, { status: 500 }),
  ),
  http.get(`*${urlOf(organizationOps.get, { params: { id: 1 } })}`, () =>
    HttpResponse.json({}, { status: 403 }),
  ),
  http.get(`*${urlOf(organizationOps.members, { params: { id: 1 } })}`, () =>
    HttpResponse.json({}, { status: 403 }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  listQueries.length = 0;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

describe('users administration', () => {
  it('filters by group, reloads page 1 after a create, and shows the catalogue text when a delete fails', async () => {
    const user = userEvent.setup();
    storeSession();
    renderApp('/msas/settings/account');
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    expect(await screen.findByText('carla@example.org')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Authorization group'), 'Admins');

    await user.type(screen.getByLabelText('Username'), 'dora');
    await user.type(screen.getByLabelText('Email'), 'dora@example.org');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('The user has been created.')).toBeInTheDocument();
    expect(listQueries).toEqual([
      '?search=&group=&page=1',
      '?search=&group=2&page=1',
      '?search=&group=&page=1',
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete user carla' }));
    expect(await screen.findByText('Unable to delete user')).toBeInTheDocument();
  });

  it("says 'Unable to add user to organization' with the reason when the organization is full", async () => {
    const user = userEvent.setup();
    server.use(
      http.post(`*${patternOf(userOps.create)}`, () =>
        HttpResponse.json(
          { non_field_errors: ['This organization has reached its limit of 5 members.'] },
          { status: 400 },
        ),
      ),
    );
    storeSession();
    renderApp('/msas/settings/account');
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    await user.type(await screen.findByLabelText('Username'), 'erin');
    await user.type(screen.getByLabelText('Email'), 'erin@example.org');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(
      await screen.findByText(
        'Unable to add user to organization: This organization has reached its limit of 5 members.',
      ),
    ).toBeInTheDocument();
  });
});
