import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useNavigate } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userDocument } from '../../app/testing/session';
import { setLanguage } from '../../i18n';
import { renderPage } from '../processedData/testing/renderPage';
import { DkimPage } from './pages/DkimPage';
import { DmarcPage } from './pages/DmarcPage';
import { DnssecPage } from './pages/DnssecPage';
import { analysisRow, dkimDetail, dmarcResult, dmarcRows, pagedWire, shellHandlers } from './testing/wire';
import { patternOf, urlOf } from '../../api/call';
import { analysisOps } from '../../../contract/operations/analysis';
import { domainOps } from '../../../contract/operations/domains';
import { userOps } from '../../../contract/operations/users';

const listPath = patternOf(analysisOps.list);

// The browser's Back button, for the in-memory router of the test.
function HistoryBack() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      browser back
    </button>
  );
}
const queries: URLSearchParams[] = [];
const rechecks: string[] = [];
let listStatus = 200;
let recheckStatus = 200;
let recheckGate: Promise<void> | null = null;

const server = setupServer(
  ...shellHandlers,
  http.get(`*${patternOf(domainOps.listV2)}`, () =>
    HttpResponse.json(pagedWire(patternOf(domainOps.listV2), [])),
  ),
  http.get(`*${listPath}`, ({ request, params }) => {
    const query = new URL(request.url).searchParams;
    query.set('system', String(params.system));
    queries.push(query);
    if (listStatus !== 200) return HttpResponse.json({ detail: 'Boom.' }, { status: listStatus });
    if (params.system === 'dkim')
      return HttpResponse.json(
        pagedWire('/x', [
          analysisRow(3, 'gamma.example', { system: 'dkim', summary: { selectors: 2, weak: 1 } }),
        ]),
      );
    if (params.system === 'dnssec')
      return HttpResponse.json(
        pagedWire('/x', [
          analysisRow(4, 'delta.example', { system: 'dnssec', summary: { status: 'insecure' } }),
        ]),
      );
    const domain = query.get('domain');
    const search = query.get('search');
    let rows = dmarcRows().filter((r) => !domain || r.attributes.domain === domain);
    if (search) rows = rows.filter((r) => r.attributes.domain.includes(search));
    if (query.get('ordering') === '-score') rows.reverse();
    return HttpResponse.json(pagedWire('/x', rows, 60, 3, Number(query.get('page'))));
  }),
  http.get(`*${patternOf(analysisOps.detail)}`, ({ params }) => {
    if (params.system === 'dkim') return HttpResponse.json({ data: dkimDetail });
    return HttpResponse.json({
      data: {
        type: 'domain-analysis',
        id: String(params.domainId),
        attributes: {
          ...dmarcRows()[0].attributes,
          result: dmarcResult,
        },
      },
    });
  }),
  http.post(`*${patternOf(analysisOps.recheck)}`, async ({ params }) => {
    rechecks.push(String(params.id));
    if (recheckGate) await recheckGate;
    if (recheckStatus !== 200)
      return HttpResponse.json({ detail: 'Too many re-checks: wait 10 seconds.' }, { status: recheckStatus });
    return HttpResponse.json({
      data: {
        checked_at: '2026-11-22T10:00:00.000Z',
        systems: [{ system: 'dmarc', status: 'pass', score: 100 }],
      },
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  queries.length = 0;
  rechecks.length = 0;
  listStatus = 200;
  recheckStatus = 200;
  recheckGate = null;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

const path = '/msas/analysis_by_system/dmarc';
const tableName = 'DMARC status of every domain';

describe('Analysis by system pages', { timeout: 15_000 }, () => {
  it('lists every domain with status, score, translated top warnings and the DMARC facts', async () => {
    renderPage(<DmarcPage />, path);
    const table = await screen.findByRole('table', { name: tableName });
    const [head, alpha, beta] = within(table).getAllByRole('row');
    expect(head).toHaveTextContent('Policy');
    expect(head).toHaveTextContent('Reports to (rua)');
    expect(alpha).toHaveTextContent('alpha.example');
    expect(alpha).toHaveTextContent('Warning');
    expect(alpha).toHaveTextContent('70');
    expect(alpha).toHaveTextContent('none');
    expect(alpha).toHaveTextContent('Yes');
    // A known code is translated from its params; an unknown one falls back to the server's message.
    expect(alpha).toHaveTextContent('A message the console has no key for.');
    expect(alpha).toHaveTextContent('p=none only monitors: failing mail is delivered as usual.');
    expect(alpha).toHaveTextContent(
      'pct=50: RFC 7489 receivers apply the policy to only 50% of failing mail.',
    );
    expect(alpha).toHaveTextContent('and 1 more warning');
    expect(beta).toHaveTextContent('Not checked yet');
    expect(queries[0].get('system')).toBe('dmarc');
    expect(queries[0].get('ordering')).toBe('domain');
    expect(screen.getByText('Page 1 of 3 (60 in total)')).toBeInTheDocument();
  });

  it('DNSSEC: the state in words, as Domain verify says it', async () => {
    renderPage(<DnssecPage />, '/msas/analysis_by_system/dnssec');
    const table = await screen.findByRole('table', { name: 'DNSSEC status of every domain' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Insecure (not signed)');
    expect(queries[0].get('system')).toBe('dnssec');
  });

  it('sorts, searches and pages through the server', async () => {
    const user = userEvent.setup();
    renderPage(<DmarcPage />, path);
    await screen.findByRole('table', { name: tableName });
    await user.click(screen.getByRole('button', { name: /^Score/ }));
    await waitFor(() => expect(queries.at(-1)?.get('ordering')).toBe('score'));
    await user.click(screen.getByRole('button', { name: /^Score/ }));
    await waitFor(() => expect(queries.at(-1)?.get('ordering')).toBe('-score'));
    const scoreHeader = screen.getByRole('columnheader', { name: /^Score/ });
    expect(scoreHeader).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
    await user.type(screen.getByLabelText('Search domains'), 'beta');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('beta'));
    expect(queries.at(-1)?.get('page')).toBe('1');
  });

  it('drills down to the full result through ?domain= and back to all domains', async () => {
    const user = userEvent.setup();
    renderPage(<DmarcPage />, path);
    await user.click(await screen.findByRole('button', { name: 'alpha.example' }));
    const detail = await screen.findByRole('heading', { name: 'Result for alpha.example' });
    expect(detail).toBeInTheDocument();
    await waitFor(() => expect(queries.at(-1)?.get('domain')).toBe('alpha.example'));
    expect(await screen.findByRole('table', { name: 'DMARC tags' })).toHaveTextContent(
      'Requested mail receiver policy',
    );
    expect(screen.getByText('v=DMARC1; p=none; rua=mailto:d@alpha.example')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all domains' }));
    await waitFor(() => expect(queries.at(-1)?.has('domain')).toBe(false));
    expect(screen.queryByRole('heading', { name: 'Result for alpha.example' })).not.toBeInTheDocument();
  });

  it('follows the browser history between the detail and the list', async () => {
    const user = userEvent.setup();
    renderPage(
      <>
        <DmarcPage />
        <HistoryBack />
      </>,
      path,
    );
    await user.click(await screen.findByRole('button', { name: 'alpha.example' }));
    await screen.findByRole('heading', { name: 'Result for alpha.example' });
    await user.click(screen.getByRole('button', { name: 'browser back' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Result for alpha.example' })).not.toBeInTheDocument(),
    );
  });

  it('opens the detail from a shared URL', async () => {
    renderPage(<DmarcPage />, `${path}?domain=alpha.example`);
    expect(await screen.findByRole('heading', { name: 'Result for alpha.example' })).toBeInTheDocument();
  });

  it('checks a domain now, showing progress, then reloads; a refusal shows the server detail', async () => {
    const user = userEvent.setup();
    renderPage(<DmarcPage />, path);
    await screen.findByRole('table', { name: tableName });
    const before = queries.length;
    let release = () => {};
    recheckGate = new Promise((resolve) => (release = resolve));
    await user.click(screen.getByRole('button', { name: 'Check now alpha.example' }));
    expect(await screen.findByRole('button', { name: 'Checking… alpha.example' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Check now beta.example' })).toBeDisabled();
    release();
    expect(await screen.findByText('alpha.example was checked again.')).toBeInTheDocument();
    expect(rechecks).toEqual(['1']);
    await waitFor(() => expect(queries.length).toBeGreaterThan(before));
    recheckStatus = 429;
    await user.click(screen.getByRole('button', { name: 'Check now beta.example' }));
    expect(await screen.findByText('Too many re-checks: wait 10 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check now beta.example' })).toBeEnabled();
  });

  it('shows the error with a retry, and the empty list', async () => {
    listStatus = 500;
    const user = userEvent.setup();
    renderPage(<DmarcPage />, path);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    listStatus = 200;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: tableName })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search domains'), 'nothing');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No domain matches the search or the filter.')).toBeInTheDocument();
  });

  it('shows the detail in Portuguese: tag texts and warnings translated', async () => {
    await setLanguage('pt');
    server.use(
      http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
        HttpResponse.json(userDocument({ language: 'pt' })),
      ),
    );
    renderPage(<DmarcPage />, `${path}?domain=alpha.example`);
    const tags = await screen.findByRole('table', { name: 'Tags DMARC' });
    expect(tags).toHaveTextContent('Política solicitada ao receptor');
    expect(tags).toHaveTextContent('O que o dono do domínio pede');
    const warnings = screen.getByRole('list', { name: 'Avisos' });
    expect(warnings).toHaveTextContent('p=none apenas monitora');
    expect(warnings).toHaveTextContent('pct=50: receptores da RFC 7489 aplicam a política a apenas 50%');
    expect(warnings).toHaveTextContent('A message the console has no key for.');
  });

  it('DKIM: the selectors table with key type, bits and flags, in Portuguese', async () => {
    await setLanguage('pt');
    server.use(
      http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
        HttpResponse.json(userDocument({ language: 'pt' })),
      ),
    );
    const user = userEvent.setup();
    renderPage(<DkimPage />, '/msas/analysis_by_system/dkim');
    const table = await screen.findByRole('table', { name: 'Situação de DKIM de cada domínio' });
    expect(table).toHaveTextContent('Seletores');
    await user.click(screen.getByRole('button', { name: 'gamma.example' }));
    const selectors = await screen.findByRole('table', { name: 'Seletores DKIM' });
    const row = within(selectors).getAllByRole('row')[1];
    expect(row).toHaveTextContent('s1024');
    expect(row).toHaveTextContent('Relatórios e DNS');
    expect(row).toHaveTextContent('RSA');
    expect(row).toHaveTextContent('1024');
    expect(row).toHaveTextContent('Sim');
  });
});
