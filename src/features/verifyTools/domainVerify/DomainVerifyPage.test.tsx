import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/testing/renderApp';
import { storeSession, userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { patternOf, urlOf } from '../../../api/call';
import { checkOps } from '../../../../contract/operations/checks';
import { userOps } from '../../../../contract/operations/users';

const calls: string[] = [];

const spf = {
  domain: 'example.com',
  record: 'v=spf1 include:_spf.mail.example -all',
  valid: true,
  dns_lookups: 2,
  tree: {
    domain: 'example.com',
    record: 'v=spf1 include:_spf.mail.example -all',
    valid: true,
    include: [
      { domain: '_spf.mail.example', record: 'v=spf1 ip4:192.0.2.0/24 -all', valid: true, include: [] },
    ],
    redirect: null,
  },
  warnings: [],
  score: 100,
};

const dmarc = {
  domain: 'example.com',
  record: 'v=DMARC1; p=none',
  location: '_dmarc.example.com',
  valid: true,
  tags: {
    p: { value: 'none', explicit: true, name: 'Policy', default: null, description: 'What receivers do.' },
    pct: { value: '100', explicit: false, name: 'Percentage', default: '100', description: 'Share of mail.' },
  },
  warnings: [{ code: 'p_none', severity: 'warning', message: 'p=none only monitors.' }],
  score: 70,
};

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  ...Object.entries(checkOps).map(([system, op]) =>
    http.get(`*${patternOf(op)}`, ({ params }) => {
      calls.push(`${system}/${String(params.domain)}`);
      if (system === 'spf')
        return HttpResponse.json({ data: { type: 'spf-check', id: 'x', attributes: spf } });
      if (system === 'dmarc')
        return HttpResponse.json({ data: { type: 'dmarc-check', id: 'x', attributes: dmarc } });
      return HttpResponse.json({ detail: 'boom' }, { status: 500 });
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  localStorage.clear();
  calls.length = 0;
  await setLanguage('en');
});
afterAll(() => server.close());

describe('Domain verify page', () => {
  it('runs the check a shared link describes, with scores, warnings, the SPF tree and the DMARC tags', async () => {
    storeSession();
    renderApp('/msas/verify_tools/domain_verify?domain=example.com&spf=1&dmarc=1');
    expect(await screen.findByText('_spf.mail.example')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Domain' })).toHaveValue('example.com');
    expect(screen.getByRole('checkbox', { name: 'SPF' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'DANE' })).not.toBeChecked();
    expect(screen.getByRole('progressbar', { name: 'SPF score' })).toHaveAttribute('aria-valuenow', '100');
    const tags = await screen.findByRole('table', { name: 'DMARC tags' });
    expect(within(tags).getByRole('rowheader', { name: 'pct' })).toBeInTheDocument();
    expect(within(tags).getByText('(default)')).toBeInTheDocument();
    expect(screen.getByText('p=none only monitors.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'DMARC score' })).toHaveAttribute('aria-valuenow', '70');
    expect(calls.sort()).toEqual(['dmarc/example.com', 'spf/example.com']);
  });

  it('shows the catalogue text when a check fails', async () => {
    storeSession();
    renderApp('/msas/verify_tools/domain_verify?domain=example.com&nameServers=1&dnssec=1');
    // Both calls fail on their own; wait for both alerts, not only the first.
    await waitFor(() => {
      const texts = screen.getAllByRole('alert').map((a) => a.textContent);
      expect(texts).toContain('Something went wrong to get the DNS data.');
      expect(texts).toContain('Something went wrong to get the DNSSEC data.');
    });
  });

  it('writes the form into the URL and checks only the chosen systems, with the keyboard', async () => {
    storeSession();
    const app = renderApp('/msas/verify_tools/domain_verify');
    expect(await screen.findByText(/Enter a domain and choose the systems/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Select none' }));
    await user.click(screen.getByRole('checkbox', { name: 'SPF' }));
    await user.type(screen.getByRole('textbox', { name: 'Domain' }), 'example.com{Enter}');
    await waitFor(() =>
      expect(app.location()).toBe('/msas/verify_tools/domain_verify?domain=example.com&spf=1'),
    );
    expect(await screen.findByText('_spf.mail.example')).toBeInTheDocument();
    expect(calls).toEqual(['spf/example.com']);
  });

  it('refuses an empty selection and a bad domain without calling the server', async () => {
    storeSession();
    renderApp('/msas/verify_tools/domain_verify');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Domain' }), 'not a domain{Enter}');
    expect(screen.getByText('Enter a valid domain name.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Domain' }));
    await user.type(screen.getByRole('textbox', { name: 'Domain' }), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Select none' }));
    await user.click(screen.getByRole('button', { name: 'Check domain' }));
    expect(screen.getByText('Choose at least one system to check.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('speaks Portuguese', async () => {
    storeSession();
    // The user's stored language wins over the local choice once the user loads.
    server.use(
      http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
        HttpResponse.json(userDocument({ language: 'pt' })),
      ),
    );
    await setLanguage('pt');
    renderApp('/msas/verify_tools/domain_verify?domain=example.com&dmarc=1');
    expect(await screen.findByRole('table', { name: 'Tags DMARC' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verificar domínio' })).toBeInTheDocument();
    expect(screen.getByText('Aviso')).toBeInTheDocument();
  });
});
