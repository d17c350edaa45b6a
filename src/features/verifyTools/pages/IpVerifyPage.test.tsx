import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n';
import { renderApp } from '../../../app/testing/renderApp';
import { storeSession, userDocument } from '../../../app/testing/session';
import { patternOf, urlOf } from '../../../api/call';
import { reputationOps } from '../../../../contract/operations/reputation';
import { userOps } from '../../../../contract/operations/users';

const listing = {
  target: '192.0.2.10',
  ip_version: 4,
  asn: 'AS64500',
  net: '192.0.2.0/24',
  country_code: 'BR',
  title: 'Example Mail',
  target_host: 'mail.example.test',
  target_host_confirmed: true,
  city: 'Lisbon',
  region: 'Lisboa',
  lookup_list: [
    {
      name: 'Spamhaus ZEN',
      zone: 'zen.spamhaus.org',
      kind: 'block',
      status: 'listed',
      codes: [{ code: '127.0.0.2', meaning: 'SBL: Spamhaus SBL data' }],
      reason: 'https://check.spamhaus.org/sbl/query/SBL1',
      error: null,
      time_ms: 12,
      delist_url: 'https://check.spamhaus.org/',
    },
    {
      name: 'SpamCop',
      zone: 'bl.spamcop.net',
      kind: 'block',
      status: 'timeout',
      codes: [],
      reason: null,
      error: 'No answer in time',
      time_ms: 2000,
      delist_url: 'https://www.spamcop.net/bl.shtml',
    },
  ],
  listed: 1,
  no_listed: 0,
  failed: 1,
  allow_listed: 0,
  reverse_dns: 'mail.example.test',
  reputation: {
    category: 'L4',
    label: 'L4',
    level: -4,
    description: 'Very bad reputation',
    colour: '#b71c1c',
    address: '127.0.0.11',
    zone: 'rep.test',
    lookup: 'ok',
  },
  delistable: true,
  checked_at: '2026-01-01T00:00:00.000Z',
};

const info = {
  ip: '192.0.2.10',
  hostname: 'mail.example.test',
  hostname_confirmed: true,
  city: null,
  region: null,
  country: null,
  postal: null,
  loc: null,
  org: null,
  timezone: null,
  spf_domains: ['example.com'],
  dkim_domains: [],
};

const calls: { method: string; url: URL }[] = [];

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.get(`*${patternOf(reputationOps.publicConfig)}`, () =>
    HttpResponse.json({ recaptcha_site_key: null, recaptcha_enabled: false }),
  ),
  http.get(`*${patternOf(reputationOps.ipVerify)}`, ({ request }) => {
    const url = new URL(request.url);
    calls.push({ method: 'GET', url });
    if (url.searchParams.get('target') === 'nonsense') {
      const message = 'Enter a valid IPv4 or IPv6 address.';
      return HttpResponse.json({ status_message: [message], target: [message] }, { status: 400 });
    }
    return HttpResponse.json({ data: { type: 'ip-listings', id: listing.target, attributes: listing } });
  }),
  http.post(`*${patternOf(reputationOps.delist)}`, ({ request }) => {
    calls.push({ method: 'POST', url: new URL(request.url) });
    return HttpResponse.json({ status_message: 'Your IP delist request was sent.', delisting: true });
  }),
  http.get(`*${patternOf(reputationOps.ipInfo)}`, () =>
    HttpResponse.json({ data: { type: 'ip-info', id: info.ip, attributes: info } }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  calls.length = 0;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

async function check(target: string, label = 'IP address') {
  const user = userEvent.setup();
  renderApp('/msas/verify_tools/ip_verify');
  await user.type(await screen.findByLabelText(label), target);
  await user.keyboard('{Enter}');
  return user;
}

describe('IP verify page', () => {
  it('shows the empty state first, and no captcha when the installation has none', async () => {
    storeSession();
    renderApp('/msas/verify_tools/ip_verify');
    expect(await screen.findByRole('heading', { level: 1, name: 'IP verify' })).toBeInTheDocument();
    expect(screen.getByText(/Enter an IP address to see/)).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('checks an IP from the keyboard and shows every list, the reputation badge and the IP info', async () => {
    storeSession();
    await check('192.0.2.10');
    const table = await screen.findByRole('table', { name: 'Listing of the IP address on each DNS list' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Spamhaus ZEN');
    expect(rows[1]).toHaveTextContent('Listed');
    expect(rows[1]).toHaveTextContent('127.0.0.2 SBL: Spamhaus SBL data');
    expect(rows[1]).toHaveTextContent('https://check.spamhaus.org/sbl/query/SBL1');
    expect(rows[2]).toHaveTextContent('Timeout');
    expect(rows[2]).toHaveTextContent('2000 ms');
    expect(screen.getByTestId('reputation-badge')).toHaveTextContent('L4Very bad reputation');
    expect(screen.getByText('AS64500')).toBeInTheDocument();
    expect(await screen.findByText('example.com')).toBeInTheDocument();
    expect(calls[0].url.searchParams.get('ipLookup')).toBe('true');
    expect(calls[0].url.searchParams.get('target')).toBe('192.0.2.10');
    // The captcha is off: its empty token is left out of the query (the server reads none the same).
    expect(calls[0].url.searchParams.has('token')).toBe(false);
  });

  it('sends a delist request once: the button is disabled after success', async () => {
    storeSession();
    const user = await check('192.0.2.10');
    const button = await screen.findByRole('button', { name: 'Request delisting' });
    await user.click(button);
    expect(await screen.findByText('Your IP delist request was sent.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Request delisting' })).toBeDisabled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.searchParams.get('delisting')).toBe('true');
    expect(post.url.searchParams.get('target')).toBe('192.0.2.10');
  });

  it('shows the status_message of a refused lookup', async () => {
    storeSession();
    await check('nonsense');
    expect(await screen.findAllByText('Enter a valid IPv4 or IPv6 address.')).not.toHaveLength(0);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks for an address before calling the server', async () => {
    storeSession();
    const user = userEvent.setup();
    renderApp('/msas/verify_tools/ip_verify');
    await user.click(await screen.findByRole('button', { name: 'Check IP' }));
    expect(screen.getByText('Enter an IPv4 or IPv6 address.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('speaks Portuguese', async () => {
    storeSession();
    server.use(
      http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
        HttpResponse.json(userDocument({ language: 'pt' })),
      ),
    );
    await setLanguage('pt');
    await check('192.0.2.10', 'Endereço IP');
    expect(await screen.findByRole('columnheader', { name: 'Códigos de retorno' })).toBeInTheDocument();
    expect(screen.getByTestId('reputation-badge')).toHaveTextContent('Reputação muito ruim');
  });
});
