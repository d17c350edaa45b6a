import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { aggregateWire, listWire, recordsWire } from '../testing/fixtures';
import { renderPage } from '../testing/renderPage';
import { DmarcReportsPage } from './DmarcReportsPage';
import { patternOf, urlOf } from '../../../api/call';
import { reportOps } from '../../../../contract/operations/reports';
import { userOps } from '../../../../contract/operations/users';

const listPath = patternOf(reportOps.aggregates);
const queries: URLSearchParams[] = [];
const uploads: { names: string[]; files: number }[] = [];
let stored = [aggregateWire(1, 'Google', 'example.com:1701129600')];
let listStatus = 200;

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.get(`*${listPath}`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    queries.push(query);
    if (listStatus !== 200) return HttpResponse.json({ detail: 'Boom.' }, { status: listStatus });
    const search = query.get('search')?.toLowerCase();
    const rows = search ? stored.filter((r) => r.attributes.org_name.toLowerCase().includes(search)) : stored;
    return HttpResponse.json(listWire(listPath, rows));
  }),
  http.get(`*${patternOf(reportOps.aggregate)}`, ({ params }) =>
    HttpResponse.json({ data: stored.find((r) => r.id === Number(params.id)) }),
  ),
  http.get(`*${patternOf(reportOps.records)}`, ({ params }) =>
    HttpResponse.json(recordsWire(Number(params.id))),
  ),
  http.post(`*${patternOf(reportOps.upload)}`, async ({ request }) => {
    const form = await request.formData();
    const names = form.getAll('filenames').map(String);
    uploads.push({ names, files: form.getAll('files').length });
    const name = names[0];
    const result = (status: string, extra: Record<string, unknown>) => ({
      file: name,
      status,
      kind: null,
      reason: null,
      org_name: null,
      report_id: null,
      domain: null,
      records: 0,
      messages: 0,
      warnings: [],
      retention: null,
      ...extra,
    });
    if (name.endsWith('.xml.gz')) {
      stored = [...stored, aggregateWire(2, 'Yahoo', 'y-1')];
      return HttpResponse.json({
        data: [result('imported', { kind: 'aggregate', domain: 'example.com', records: 4 })],
      });
    }
    if (name.endsWith('.json'))
      return HttpResponse.json({ data: [result('duplicate', { kind: 'tls', domain: 'foo-bar.io' })] });
    return HttpResponse.json({
      data: [result('rejected', { reason: 'This file is not a DMARC, TLS or failure report.' })],
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  queries.length = 0;
  uploads.length = 0;
  stored = [aggregateWire(1, 'Google', 'example.com:1701129600')];
  listStatus = 200;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

const path = '/msas/processed_data/dmarc_reports?begin_date=2023-11-01&end_date=2023-12-01';

describe('Processed Data → DMARC Reports', () => {
  it('lists the reports for the filter period and searches them', async () => {
    const user = userEvent.setup();
    renderPage(<DmarcReportsPage />, path);
    const table = await screen.findByRole('table', { name: 'DMARC aggregate reports' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Google');
    expect(row).toHaveTextContent(/Nov 28, 2023, 12:00\sAM – Nov 28, 2023, 11:59\sPM UTC/);
    expect(row).toHaveTextContent('p=reject; sp=none; pct=100');
    expect(queries[0].get('begin_date')).toBe('2023-11-01');
    expect(queries[0].get('end_date')).toBe('2023-12-01');
    expect(screen.getByText('Page 1 of 1 (1 in total)')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Reporter or report ID'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No reports match this search.')).toBeInTheDocument();
    expect(queries.at(-1)?.get('search')).toBe('nobody');
  });

  it('shows the error with a retry, then the list', async () => {
    listStatus = 500;
    const user = userEvent.setup();
    renderPage(<DmarcReportsPage />, path);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The reports could not be loaded: Something went wrong.',
    );
    listStatus = 200;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'DMARC aggregate reports' })).toBeInTheDocument();
  });

  it('opens a report with its records, DKIM signatures and SPF results, and goes back', async () => {
    const user = userEvent.setup();
    renderPage(<DmarcReportsPage />, path);
    await user.click(
      await screen.findByRole('button', { name: 'Open the report example.com:1701129600 from Google' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Report example.com:1701129600 from Google' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download original' })).toBeInTheDocument();
    const records = await screen.findByRole('table', { name: 'Records of the report' });
    const row = within(records).getAllByRole('row')[1];
    expect(row).toHaveTextContent('1.2.3.4');
    expect(row).toHaveTextContent('mail.example.com');
    expect(row).toHaveTextContent('DKIM pass, SPF fail');
    expect(row).toHaveTextContent('Header from: example.com');
    expect(row).toHaveTextContent('Envelope from: bounce.example.com');
    expect(row).toHaveTextContent('example.com (selector google): pass');
    expect(row).toHaveTextContent('bounce.example.com (mfrom): softfail');
    await user.click(screen.getByRole('button', { name: 'Back to the reports' }));
    expect(await screen.findByRole('table', { name: 'DMARC aggregate reports' })).toBeInTheDocument();
  });

  it('uploads each file on its own, shows each outcome, then reloads the list', async () => {
    const user = userEvent.setup();
    renderPage(<DmarcReportsPage />, path);
    await screen.findByRole('table', { name: 'DMARC aggregate reports' });
    await user.click(screen.getByRole('button', { name: 'Upload reports' }));
    const dialog = await screen.findByRole('dialog');
    const files = [
      new File(['x'], 'google.xml.gz', { type: 'application/gzip' }),
      new File(['{}'], 'tls.json', { type: 'application/json' }),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    ];
    await user.upload(within(dialog).getByLabelText('Report files', { selector: 'input' }), files);
    await user.click(within(dialog).getByRole('button', { name: 'Upload 3 files' }));
    await waitFor(() =>
      expect(within(dialog).getAllByText(/^(Imported|Duplicate|Rejected)/)).toHaveLength(3),
    );
    const outcome = (name: string) => dialog.querySelector(`[data-file="${name}"]`);
    expect(outcome('google.xml.gz')).toHaveTextContent(
      'Imported: DMARC aggregate report for example.com, 4 records.',
    );
    expect(outcome('tls.json')).toHaveTextContent(
      'Duplicate: this TLS report for foo-bar.io was already stored.',
    );
    expect(outcome('notes.txt')).toHaveTextContent(
      'Rejected: This file is not a DMARC, TLS or failure report.',
    );
    expect(uploads).toEqual([
      { names: ['google.xml.gz'], files: 1 },
      { names: ['tls.json'], files: 1 },
      { names: ['notes.txt'], files: 1 },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const table = screen.getByRole('table', { name: 'DMARC aggregate reports' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  });
});
