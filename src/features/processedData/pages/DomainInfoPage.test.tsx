import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n';
import { pagedWire, shellHandlers } from '../../analysisBySystem/testing/wire';
import { renderPage } from '../testing/renderPage';
import { DomainInfoPage } from './DomainInfoPage';
import { patternOf } from '../../../api/call';
import { domainInfoOps } from '../../../../contract/operations/domain-info';
import { domainOps } from '../../../../contract/operations/domains';

const historyCalls: string[] = [];
const domains = [
  { type: 'domains', id: 12, attributes: { name: 'zeta.example' } },
  { type: 'domains', id: 11, attributes: { name: 'alpha.example' } },
];
let domainStatus = 200;

const record = (name: string, text: string | null) => ({
  data: { domain: name, record: text, checked_at: '2026-11-21T06:00:00.000Z' },
});

function historyRows(id: number, type: string, page: number) {
  if (type === 'ns') return [];
  return Array.from({ length: page === 1 ? 10 : 2 }, (_, i) => ({
    type: 'history',
    id: `${type}-${page}-${i}`,
    attributes: {
      date: `2026-11-${String(20 - i).padStart(2, '0')}T00:00:00.000Z`,
      type: 'TXT',
      ttl: 3600,
      content: `${type} content ${id} page ${page} #${i}`,
    },
  }));
}

const server = setupServer(
  ...shellHandlers,
  http.get(`*${patternOf(domainOps.listV2)}`, () =>
    HttpResponse.json(pagedWire(patternOf(domainOps.listV2), domains)),
  ),
  http.get(`*${patternOf(domainInfoOps.dmarcRecord)}`, ({ params }) =>
    domainStatus === 200
      ? HttpResponse.json(
          record(String(params.name), `v=DMARC1; p=reject; rua=mailto:d@${String(params.name)}`),
        )
      : HttpResponse.json({ detail: 'Not found.' }, { status: domainStatus }),
  ),
  http.get(`*${patternOf(domainInfoOps.spfRecord)}`, ({ params }) =>
    HttpResponse.json(record(String(params.name), null)),
  ),
  http.get(`*${patternOf(domainInfoOps.ips)}`, ({ params }) =>
    HttpResponse.json({
      data: {
        domain: params.name,
        ips: [
          { ip: '192.0.2.10', source: 'A', host: String(params.name) },
          { ip: '192.0.2.25', source: 'MX', host: `mx.${String(params.name)}` },
        ],
      },
    }),
  ),
  http.get(`*${patternOf(domainInfoOps.dkimSignatures)}`, () =>
    HttpResponse.json({
      data: [
        {
          selector: 'google',
          domain: 'alpha.example',
          source: 'both',
          key_type: 'rsa',
          key_bits: 2048,
          testing: false,
          last_seen: '2026-11-19T00:00:00.000Z',
        },
      ],
    }),
  ),
  http.get(`*${patternOf(domainInfoOps.history)}`, ({ params, request }) => {
    const page = Number(new URL(request.url).searchParams.get('page'));
    historyCalls.push(`${String(params.id)}/${String(params.type)}/${page}`);
    const rows = historyRows(Number(params.id), String(params.type), page);
    return HttpResponse.json(
      pagedWire('/h', rows, rows.length === 0 ? 0 : 12, rows.length === 0 ? 1 : 2, page),
    );
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  historyCalls.length = 0;
  domainStatus = 200;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

const path = '/msas/processed_data/domains';

describe('Processed Data → Domain Info', { timeout: 15_000 }, () => {
  it('shows the first domain by name: records, addresses, DKIM selectors and the DMARC history', async () => {
    renderPage(<DomainInfoPage />, path);
    expect(await screen.findByLabelText('Domain to show')).toHaveValue('alpha.example');
    expect(await screen.findByText('v=DMARC1; p=reject; rua=mailto:d@alpha.example')).toBeInTheDocument();
    expect(screen.getByText('No record found')).toBeInTheDocument();
    const ips = screen.getByRole('table', { name: 'IP addresses' });
    expect(within(ips).getAllByRole('row')).toHaveLength(3);
    expect(ips).toHaveTextContent('mx.alpha.example');
    const dkim = screen.getByRole('table', { name: 'DKIM signatures (one per selector)' });
    expect(dkim).toHaveTextContent('google');
    expect(dkim).toHaveTextContent('RSA, 2048 bits');
    expect(dkim).toHaveTextContent('Reports and DNS');
    const history = await screen.findByRole('table', { name: 'DMARC history' });
    expect(within(history).getAllByRole('row')).toHaveLength(11);
    expect(history).toHaveTextContent('dmarc content 11 page 1 #0');
    expect(historyCalls).toContain('11/dmarc/1');
  });

  it('pages a history list, switches lists and domains', async () => {
    const user = userEvent.setup();
    renderPage(<DomainInfoPage />, path);
    await screen.findByRole('table', { name: 'DMARC history' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('dmarc content 11 page 2 #0')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'NS' }));
    expect(await screen.findByText('No change recorded yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'SPF' }));
    expect(await screen.findByRole('table', { name: 'SPF history' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Domain to show'), 'zeta.example');
    expect(await screen.findByText('v=DMARC1; p=reject; rua=mailto:d@zeta.example')).toBeInTheDocument();
    await waitFor(() => expect(historyCalls).toContain('12/spf/1'));
  });

  it('opens the domain of a shared URL, and shows an error with a retry', async () => {
    domainStatus = 500;
    const user = userEvent.setup();
    renderPage(<DomainInfoPage />, `${path}?domain=zeta.example`);
    expect(await screen.findByLabelText('Domain to show')).toHaveValue('zeta.example');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    domainStatus = 200;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('v=DMARC1; p=reject; rua=mailto:d@zeta.example')).toBeInTheDocument();
  });

  it('says so when the organization has no domains', async () => {
    server.use(http.get(`*${patternOf(domainOps.listV2)}`, () => HttpResponse.json(pagedWire('/d', []))));
    renderPage(<DomainInfoPage />, path);
    expect(
      await screen.findByText(
        'Your organization has no domains yet. Add one in Settings to see its records and history here.',
      ),
    ).toBeInTheDocument();
  });
});
