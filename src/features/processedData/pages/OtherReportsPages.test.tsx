import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { failureWire, listWire, tlsWire } from '../testing/fixtures';
import { renderPage } from '../testing/renderPage';
import { FailureReportsPage } from './FailureReportsPage';
import { TlsReportsPage } from './TlsReportsPage';
import { patternOf, urlOf } from '../../../api/call';
import { reportOps } from '../../../../contract/operations/reports';
import { userOps } from '../../../../contract/operations/users';

const tlsPath = patternOf(reportOps.tlsReports);
const failurePath = patternOf(reportOps.failureReports);
let tls = [tlsWire(3)];
let failures = [failureWire(4)];

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.get(`*${tlsPath}`, () => HttpResponse.json(listWire(tlsPath, tls))),
  http.get(`*${failurePath}`, () => HttpResponse.json(listWire(failurePath, failures))),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  tls = [tlsWire(3)];
  failures = [failureWire(4)];
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

describe('Processed Data → TLS and failure reports', () => {
  it('lists TLS reports with sessions and failure details, in Portuguese too', async () => {
    const view = renderPage(<TlsReportsPage />, '/msas/processed_data/tls_reports');
    const row = within(await screen.findByRole('table', { name: 'SMTP TLS reports' })).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Google Inc.');
    expect(row).toHaveTextContent('foo-bar.io');
    expect(row).toHaveTextContent('sts');
    expect(row).toHaveTextContent('certificate-expired: 2 sessions to mx1.foo-bar.io from 2001:db8::25');
    expect(within(row).getByRole('button', { name: /^Download / })).toBeInTheDocument();
    view.unmount();
    server.use(
      http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
        HttpResponse.json(userDocument({ language: 'pt' })),
      ),
    );
    await setLanguage('pt');
    renderPage(<TlsReportsPage />, '/msas/processed_data/tls_reports');
    expect(await screen.findByRole('table', { name: 'Relatórios SMTP TLS' })).toHaveTextContent(
      'certificate-expired: 2 sessões para mx1.foo-bar.io a partir de 2001:db8::25',
    );
  });

  it('says so when there are no TLS reports', async () => {
    tls = [];
    renderPage(<TlsReportsPage />, '/msas/processed_data/tls_reports');
    expect(await screen.findByText('No TLS reports for this domain and period.')).toBeInTheDocument();
  });

  it('lists failure reports', async () => {
    renderPage(<FailureReportsPage />, '/msas/processed_data/failure_reports');
    const table = await screen.findByRole('table', { name: 'DMARC failure reports' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('192.0.2.7');
    expect(row).toHaveTextContent('dmarc');
    expect(row).toHaveTextContent('Mail from: spoof@example.com');
    expect(row).toHaveTextContent('Delivery: reject');
    expect(within(row).queryByRole('button')).toBeNull();
  });
});
