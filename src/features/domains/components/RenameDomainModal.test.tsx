import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/testing/renderApp';
import { storeSession, userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { patternOf, urlOf } from '../../../api/call';
import { domainGroupOps } from '../../../../contract/operations/domain-groups';
import { organizationDomainOps } from '../../../../contract/operations/organization-domains';
import { domainOps } from '../../../../contract/operations/domains';
import { userOps } from '../../../../contract/operations/users';

// Rename in Account → Domains: the owner and admins (permission domains.change) get a Rename button per row
// that opens a dialog; the call is PATCH /organizations/{org}/domains/ with {id, name}, the server's message
// sits under the field, the catalogue text goes to the toast, and the list shows the new name.

let name = 'acme.com';
let patches: unknown[] = [];
const list = () => ({
  data: [{ type: 'domains', id: 4, attributes: { name, organization: 1, created_at: '2030-01-01' } }],
  links: {},
  meta: { count: 1, page: 1, page_size: 100 },
});
const owner = () => HttpResponse.json(userDocument({ permissions: ['domains.change'] }));

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, owner),
  http.get(`*${patternOf(domainOps.listV2)}`, () => HttpResponse.json(list())),
  http.get(`*${patternOf(domainGroupOps.listV2)}`, () =>
    HttpResponse.json({ data: [], links: {}, meta: { count: 0, page: 1, page_size: 100 } }),
  ),
  http.patch(`*${patternOf(organizationDomainOps.rename)}`, async ({ request }) => {
    const body = (await request.json()) as { id: number; name: string };
    patches.push(body);
    if (body.name === 'acme.org')
      return HttpResponse.json(
        { name: ['This domain is already registered in this organization.'] },
        { status: 400 },
      );
    name = body.name;
    return HttpResponse.json({ data: list().data[0] });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
beforeEach(() => {
  name = 'acme.com';
  patches = [];
});
afterEach(async () => {
  server.resetHandlers();
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

async function openDomains(tab: string) {
  storeSession();
  renderApp('/msas/settings/account');
  await userEvent.setup().click(await screen.findByRole('tab', { name: tab }, { timeout: 15_000 }));
  return (await screen.findByText('acme.com', {}, { timeout: 10_000 })).closest('tr')!;
}

describe('rename a domain in Account → Domains', () => {
  it('renames by keyboard, with the server message under the field and the catalogue texts', async () => {
    const user = userEvent.setup();
    const row = await openDomains('Domains');
    within(row).getByRole('button', { name: 'Rename domain acme.com' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Rename acme.com' });
    const field = within(dialog).getByLabelText('New domain name');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('acme.com');

    await user.clear(field);
    await user.type(field, 'acme.org{Enter}');
    expect(
      await within(dialog).findByText('This domain is already registered in this organization.'),
    ).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Unable to update organization domain.')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, ' mail.acme.com {Enter}');
    expect(await screen.findByText('The domain has been renamed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('mail.acme.com', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(patches).toEqual([
      { id: 4, name: 'acme.org' },
      { id: 4, name: 'mail.acme.com' },
    ]);
  }, 60_000);

  it('closes on Escape without a call, and opens again without the earlier message', async () => {
    const user = userEvent.setup();
    const row = await openDomains('Domains');
    await user.click(within(row).getByRole('button', { name: 'Rename domain acme.com' }));
    const field = within(await screen.findByRole('dialog')).getByLabelText('New domain name');
    await user.clear(field);
    await user.type(field, 'acme.org{Enter}');
    expect(await screen.findByText('This domain is already registered in this organization.')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(row).getByRole('button', { name: 'Rename domain acme.com' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByLabelText('New domain name')).toHaveValue('acme.com');
    expect(within(again).queryByText('This domain is already registered in this organization.')).toBeNull();
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches).toHaveLength(1);
  }, 60_000);

  it('shows no Rename to a member', async () => {
    server.use(
      http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
        HttpResponse.json(userDocument({ permissions: ['domains.view'] })),
      ),
    );
    const row = await openDomains('Domains');
    expect(within(row).getByRole('button', { name: 'Delete domain acme.com' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Rename/ })).toBeNull();
  }, 60_000);

  it('speaks Portuguese', async () => {
    server.use(
      http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
        HttpResponse.json(userDocument({ permissions: ['domains.change'], language: 'pt' })),
      ),
    );
    const user = userEvent.setup();
    const row = await openDomains('Domínios');
    await user.click(within(row).getByRole('button', { name: 'Renomear o domínio acme.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renomear acme.com' });
    await user.type(within(dialog).getByLabelText('Novo nome do domínio'), '.br');
    await user.click(within(dialog).getByRole('button', { name: 'Renomear' }));
    expect(await screen.findByText('O domínio foi renomeado.')).toBeInTheDocument();
    expect(patches).toEqual([{ id: 4, name: 'acme.com.br' }]);
  }, 60_000);
});
