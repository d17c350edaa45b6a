import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userDocument } from '../../../app/testing/session';
import { AppToastContainer } from '../../../components/AppToastContainer';
import { renderPage } from '../../processedData/testing/renderPage';
import { OrganizationDomainsEditor } from './OrganizationDomainsEditor';
import { setLanguage } from '../../../i18n';
import { patternOf, urlOf } from '../../../api/call';
import { organizationDomainOps } from '../../../../contract/operations/organization-domains';
import { organizationOps } from '../../../../contract/operations/organizations';
import { userOps } from '../../../../contract/operations/users';

const calls: { method: string; body: unknown }[] = [];
let domains = [{ type: 'domains', id: 4, attributes: { name: 'acme.com', organization: 1 } }];
const ref = (id: number) => ({ type: 'users', id });

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.get(`*${urlOf(organizationOps.get, { params: { id: 1 } })}`, () =>
    HttpResponse.json({
      data: {
        type: 'organizations',
        id: 1,
        attributes: { name: 'Acme', benefits: {}, is_stripe: false },
        relationships: {
          owner: { data: ref(7) },
          members: { data: [ref(7)] },
          member_registrations: { data: [] },
          domain_groups: { data: [] },
          domains: { data: [] },
        },
      },
    }),
  ),
  http.get(`*${urlOf(organizationOps.members, { params: { id: 1 } })}`, () =>
    HttpResponse.json({
      data: [
        {
          type: 'users',
          id: 7,
          attributes: {
            username: 'ana',
            email: 'a@x.org',
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
    HttpResponse.json({ data: domains, links: {}, meta: { count: domains.length, page: 1, page_size: 100 } }),
  ),
  http.all(`*${patternOf(organizationDomainOps.list)}`, async ({ request }) => {
    const body = (await request.json()) as { name?: string; id?: number };
    calls.push({ method: request.method, body });
    if (request.method === 'POST' && body.name === 'bad name')
      return HttpResponse.json({ name: ['Enter a valid domain name.'] }, { status: 400 });
    if (request.method === 'PATCH') return HttpResponse.json({ detail: 'Boom' }, { status: 500 });
    if (request.method === 'DELETE') {
      domains = [];
      return new HttpResponse(null, { status: 204 });
    }
    return HttpResponse.json({ data: domains[0] }, { status: 201 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(async () => {
  server.resetHandlers();
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

describe('organization domains editor', () => {
  it('adds, renames and removes with the catalogue texts and the validation message', async () => {
    const user = userEvent.setup();
    // Owners and admins manage domains in Account → Domains; this editor is the one support's organization
    // view shows, read-only there, and keeps its editing for an editable use.
    renderPage(
      <>
        <OrganizationDomainsEditor org={1} canEdit />
        <AppToastContainer />
      </>,
      '/msas/settings/account',
    );
    expect(await screen.findByText('acme.com')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Domain name'), 'bad name');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Unable to add organization domain.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid domain name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Domain name')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Rename acme.com' }));
    const input = screen.getByLabelText('New name for acme.com');
    await user.clear(input);
    await user.type(input, 'acme.org');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unable to update organization domain.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Remove acme.com' }));
    expect(await screen.findByText('The domain has been removed from the organization.')).toBeInTheDocument();
    expect(await screen.findByText('No domains yet.')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'POST', body: { name: 'bad name' } },
      { method: 'PATCH', body: { id: 4, name: 'acme.org' } },
      { method: 'DELETE', body: { id: 4 } },
    ]);
  });
});
