import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/testing/renderApp';
import { storeSession, userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { patternOf, urlOf } from '../../../api/call';
import { domainGroupOps } from '../../../../contract/operations/domain-groups';
import { domainOps } from '../../../../contract/operations/domains';
import { userOps } from '../../../../contract/operations/users';

// The domains list with each domain's ownership: the badge, the records to publish with their copy buttons,
// and "check now" reloading the list with the new state.

const records = (status: 'pending' | 'verified', problem: string | null) => ({
  status,
  method: status === 'verified' ? 'txt' : null,
  verified_at: status === 'verified' ? '2030-01-01T00:00:00.000Z' : null,
  checked_at: '2030-01-01T00:00:00.000Z',
  problem,
  report_address: 'a1b2c3d4e5f6a7b8c9d0@reports.example.net',
  dmarc_rua: 'mailto:a1b2c3d4e5f6a7b8c9d0@reports.example.net',
  txt_name: '_msas-verify.acme.com',
  txt_value: 'msas-verify=0123456789abcdef0123456789abcdef',
});
let state: ReturnType<typeof records> = records('pending', 'not_found');
const verifyCalls: string[] = [];
const domain = () => ({
  type: 'domains',
  id: 4,
  attributes: { name: 'acme.com', organization: 1, created_at: '2030-01-01', verification: state },
});

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.get(`*${patternOf(domainOps.listV2)}`, () =>
    HttpResponse.json({ data: [domain()], links: {}, meta: { count: 1, page: 1, page_size: 100 } }),
  ),
  http.get(`*${patternOf(domainGroupOps.listV2)}`, () =>
    HttpResponse.json({ data: [], links: {}, meta: { count: 0, page: 1, page_size: 100 } }),
  ),
  http.post(`*${urlOf(domainOps.verify, { params: { id: 4 } })}`, ({ request }) => {
    verifyCalls.push(request.url);
    state = records('verified', null);
    return HttpResponse.json({ data: domain() });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(async () => {
  server.resetHandlers();
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

describe('domain rows', () => {
  it('shows the state, the records to publish with copy buttons, and checks now', async () => {
    const user = userEvent.setup();
    const writes: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (text: string) => void writes.push(text) },
      configurable: true,
    });
    storeSession();
    renderApp('/msas/settings/account');
    await user.click(await screen.findByRole('tab', { name: 'Domains' }, { timeout: 15_000 }));
    const row = (await screen.findByText('acme.com', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('Pending')).toBeInTheDocument();

    const toggle = within(row).getByRole('button', { name: 'Verification records of acme.com' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('mailto:a1b2c3d4e5f6a7b8c9d0@reports.example.net')).toBeInTheDocument();
    expect(screen.getByText('_msas-verify.acme.com')).toBeInTheDocument();
    expect(screen.getByText(/No record found yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy the rua address for acme.com' }));
    await user.click(screen.getByRole('button', { name: 'Copy the TXT record value for acme.com' }));
    expect(writes).toEqual([
      'mailto:a1b2c3d4e5f6a7b8c9d0@reports.example.net',
      'msas-verify=0123456789abcdef0123456789abcdef',
    ]);
    expect(screen.getAllByText('Copied')).toHaveLength(2);

    // Keyboard only: focus the button and press Enter.
    screen.getByRole('button', { name: 'Check now: acme.com' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('The domain is verified.')).toBeInTheDocument();
    expect(verifyCalls).toHaveLength(1);
    const updated = (await screen.findByText('acme.com', {}, { timeout: 10_000 })).closest('tr')!;
    expect(await within(updated).findByText('Verified')).toBeInTheDocument();
  }, 60_000);

  it('speaks Portuguese', async () => {
    state = records('pending', null);
    // The interface follows the user's language setting.
    server.use(
      http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
        HttpResponse.json(userDocument({ language: 'pt' })),
      ),
    );
    storeSession();
    renderApp('/msas/settings/account');
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Domínios' }, { timeout: 15_000 }));
    const row = (await screen.findByText('acme.com', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('Pendente')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Registros de verificação de acme.com' }),
    ).toBeInTheDocument();
  }, 60_000);

  it('asks what to do with the hosted zones a domain delete was refused for: keep the domain, or delete them too', async () => {
    const user = userEvent.setup();
    const deletes: string[] = [];
    server.use(
      http.post(`*${urlOf(domainOps.delete, { params: { name: 'acme.com' } })}`, ({ request }) => {
        deletes.push(new URL(request.url).search);
        if (!request.url.includes('zones=delete'))
          return HttpResponse.json(
            {
              detail: 'This domain has hosted DNS zones. Delete them with the domain, or keep the domain.',
              code: 'domain_has_zone',
              zones: ['acme.com.', 'lab.acme.com.'],
            },
            { status: 409 },
          );
        return HttpResponse.json({ detail: 'Domain deleted.' });
      }),
    );
    storeSession();
    renderApp('/msas/settings/account');
    await user.click(await screen.findByRole('tab', { name: 'Domains' }, { timeout: 15_000 }));
    await user.click(
      await screen.findByRole('button', { name: 'Delete domain acme.com' }, { timeout: 10_000 }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Delete acme.com' });
    expect(within(dialog).getByRole('list', { name: 'Zones that go with the domain' })).toHaveTextContent(
      'acme.com.lab.acme.com.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep the domain' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deletes).toEqual(['']);

    await user.click(screen.getByRole('button', { name: 'Delete domain acme.com' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete acme.com' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete the domain and its zones' }));
    expect(await screen.findByText('The domain has been deleted.')).toBeInTheDocument();
    expect(deletes).toEqual(['', '', '?zones=delete']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 60_000);
});
