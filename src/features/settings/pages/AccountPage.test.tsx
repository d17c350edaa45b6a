import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/testing/renderApp';
import { storeSession, userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { patternOf, urlOf } from '../../../api/call';
import { authOps } from '../../../../contract/operations/auth';
import { domainGroupOps } from '../../../../contract/operations/domain-groups';
import { domainOps } from '../../../../contract/operations/domains';
import { organizationOps } from '../../../../contract/operations/organizations';
import { publicationOps } from '../../../../contract/operations/publications';
import { userOps } from '../../../../contract/operations/users';

let twoFactorOn = false;
// A 1x1 PNG standing for the server's drawing of the otpauth URI.
const qrCode =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const calls: { method: string; path: string; body: unknown }[] = [];
const record = async (request: Request) => {
  const text = await request.text();
  calls.push({
    method: request.method,
    path: new URL(request.url).pathname + new URL(request.url).search,
    body: text,
  });
};

const member = (id: number, username: string, role: string) => ({
  type: 'users',
  id,
  attributes: {
    username,
    email: `${username}@example.org`,
    role,
    groups: [],
    is_active: true,
    last_login: null,
  },
});

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
    HttpResponse.json(userDocument({ has_2_factor_authentication: twoFactorOn })),
  ),
  http.get(`*${urlOf(userOps.pendingEmailChange, { params: { id: 7 } })}`, () =>
    HttpResponse.json({ email_change: null }),
  ),
  http.post(`*${patternOf(authOps.setupStart)}`, () =>
    HttpResponse.json({
      config_url: 'otpauth://totp/msas:ana?secret=JBSWY3DPEHPK3PXP',
      secret: 'JBSWY3DPEHPK3PXP',
      qr_code: qrCode,
    }),
  ),
  http.post(`*${patternOf(authOps.setupConfirm)}`, async ({ request }) => {
    const code = new URLSearchParams(await request.text()).get('code');
    if (code !== '123456') return HttpResponse.json({ code: ['Invalid code.'] }, { status: 400 });
    twoFactorOn = true;
    return HttpResponse.json({ recovery_codes: ['aaaa-bbbb', 'cccc-dddd'] });
  }),
  http.post(`*${patternOf(authOps.disable)}`, () => {
    twoFactorOn = false;
    return HttpResponse.json({});
  }),
  http.get(`*${urlOf(organizationOps.get, { params: { id: 1 } })}`, () =>
    HttpResponse.json({
      data: {
        type: 'organizations',
        id: 1,
        attributes: { name: 'Acme', benefits: { organization_members_limit: 5 }, is_stripe: false },
        relationships: {
          owner: { data: { type: 'users', id: 7 } },
          members: {
            data: [
              { type: 'users', id: 7 },
              { type: 'users', id: 8 },
            ],
          },
          member_registrations: { data: [] },
          domain_groups: { data: [] },
          domains: { data: [] },
        },
      },
    }),
  ),
  http.get(`*${urlOf(organizationOps.members, { params: { id: 1 } })}`, () =>
    HttpResponse.json({ data: [member(7, 'ana', 'owner'), member(8, 'bruno', 'member')], meta: {} }),
  ),
  http.patch(`*${urlOf(organizationOps.setOwner, { params: { id: 1 } })}`, async ({ request }) => {
    await record(request);
    return HttpResponse.json({ detail: 'nope' }, { status: 500 });
  }),
  http.get(`*${patternOf(domainOps.listV2)}`, () =>
    HttpResponse.json({
      data: [{ type: 'domains', id: 1, attributes: { name: 'example.com' } }],
      links: {},
      meta: {},
    }),
  ),
  http.get(`*${patternOf(domainGroupOps.listV2)}`, () =>
    HttpResponse.json({
      data: [
        {
          type: 'domain_groups',
          id: 3,
          attributes: { name: 'Main', domains: [], owner: 7, organization: 1 },
        },
      ],
      links: {},
      meta: {},
    }),
  ),
  http.get(`*${patternOf(publicationOps.list)}`, () => HttpResponse.json({ data: [] })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  calls.length = 0;
  twoFactorOn = false;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

async function openTab(name: string) {
  const user = userEvent.setup();
  storeSession();
  renderApp('/msas/settings/account');
  // The first render loads the lazy page chunks: on a loaded machine that takes longer than findBy's 1 s.
  await user.click(await screen.findByRole('tab', { name }, { timeout: 10_000 }));
  return user;
}

describe('Settings → Account', () => {
  it('sets up 2FA: QR code, a refused code, then the recovery codes once and the catalogue toast', async () => {
    const user = await openTab('Security');
    await user.click(screen.getByRole('button', { name: 'Set up 2FA' }));
    // The server's drawing, as it answered it.
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', qrCode);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');

    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    expect(await screen.findAllByText('Invalid code.')).not.toHaveLength(0);

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Enable 2FA' }));
    expect(await screen.findByText('2FA successfully enabled.')).toBeInTheDocument();
    const codes = within(screen.getByTestId('recovery-codes')).getAllByRole('listitem');
    expect(codes.map((c) => c.textContent)).toEqual(['aaaa-bbbb', 'cccc-dddd']);

    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(
      await screen.findByRole('heading', { name: 'Two-factor authentication is on' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication or recovery code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Disable 2FA' }));
    expect(await screen.findByText('2FA successfully disabled.')).toBeInTheDocument();
  });

  it('warns before adding nothing to a domain group', async () => {
    const user = await openTab('Domains');
    expect(await screen.findByText('example.com')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add domains' }));
    expect(await screen.findByText('You need to select an option to add.')).toBeInTheDocument();
  });

  it('changes the owner with PATCH /owner/ and shows the catalogue text when it fails', async () => {
    const user = await openTab('Organization');
    expect(await screen.findByText('2 members of 5 allowed by your plan')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make bruno the owner' }));
    expect(await screen.findByText('Unable to update organization owner.')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'PATCH', path: urlOf(organizationOps.setOwner, { params: { id: 1 } }), body: '{"owner":8}' },
    ]);
  });
});
