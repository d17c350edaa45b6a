import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { filterHandlers } from '../../filter/testing/filterHandlers';
import { rowsWire, senderServiceRow } from '../testing/fixtures';
import { location, renderAnalytics } from '../testing/renderAnalytics';
import { BySenderServicePage } from './BySenderServicePage';
import { patternOf, urlOf } from '../../../api/call';
import { analyticsOps } from '../../../../contract/operations/analytics';
import { reportOps } from '../../../../contract/operations/reports';
import { emailSenderOps } from '../../../../contract/operations/email-senders';
import { userOps } from '../../../../contract/operations/users';

const base = patternOf(reportOps.aggregates);
const seen: Record<string, URLSearchParams[]> = { associations: [], messages: [], services: [], senders: [] };
let associationsStatus = 200;

const empty = (path: string) => HttpResponse.json(rowsWire(path, 'x', [], () => ''));

const server = setupServer(
  ...filterHandlers(),
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.get(`*${patternOf(analyticsOps.bySenderService)}`, ({ request }) => {
    seen.services.push(new URL(request.url).searchParams);
    return HttpResponse.json(
      rowsWire(
        patternOf(analyticsOps.bySenderService),
        'aggregated-by-sender-service',
        [
          senderServiceRow('Google', 3, urlOf(emailSenderOps.uploadLogo, { params: { id: 3 } })),
          senderServiceRow('Unknown', null, null),
        ],
        (r) => r.sender_service,
      ),
    );
  }),
  http.get(`*${patternOf(emailSenderOps.list)}`, ({ request }) => {
    seen.senders.push(new URL(request.url).searchParams);
    return empty(`${patternOf(emailSenderOps.list)}`);
  }),
  http.get(`*${patternOf(analyticsOps.messages)}`, ({ request }) => {
    seen.messages.push(new URL(request.url).searchParams);
    return empty(`${patternOf(analyticsOps.messages)}`);
  }),
  http.get(`*${patternOf(analyticsOps.senderDetails)}`, () =>
    empty(`${patternOf(analyticsOps.senderDetails)}`),
  ),
  http.get(`*${patternOf(analyticsOps.senderAssociations)}`, ({ request }) => {
    seen.associations.push(new URL(request.url).searchParams);
    if (associationsStatus !== 200)
      return HttpResponse.json({ detail: 'Boom.' }, { status: associationsStatus });
    return HttpResponse.json(
      rowsWire(
        `${patternOf(analyticsOps.senderAssociations)}`,
        'sender-associations',
        [{ id: 1, ip: '209.85.220.41', reverse_dns: 'mail-sor-f41.google.com', messages: 7 }],
        (r) => String(r.id),
      ),
    );
  }),
  http.get(`*${base}`, () => empty(base)),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  Object.values(seen).forEach((list) => (list.length = 0));
  associationsStatus = 200;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

const path = '/msas/analytics/by_sender_service?begin_date=2024-05-01&end_date=2024-05-08';

describe('Analytics → Aggregated by sender service', { timeout: 20_000 }, () => {
  it('shows each service with its logo or initials; the catalogue is not on this page', async () => {
    renderAnalytics(<BySenderServicePage />, path);
    const table = await screen.findByRole('table', { name: 'Results by sender service' });
    const [, google, unknown] = within(table).getAllByRole('row');
    expect(google.querySelector('img')).toHaveAttribute(
      'src',
      urlOf(emailSenderOps.uploadLogo, { params: { id: 3 } }),
    );
    expect(unknown.querySelector('img')).toBeNull();
    expect(within(unknown).getByText('UN')).toBeInTheDocument();
    expect(screen.queryByText('No email senders yet.')).toBeNull();
  });

  it.each([
    ['en', 'Search sender services'],
    ['pt', 'Pesquisar serviços de envio'],
  ] as const)('has one search box, named for the services it searches (%s)', async (language, services) => {
    const user = userEvent.setup();
    await setLanguage(language);
    server.use(
      http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
        HttpResponse.json(userDocument({ language })),
      ),
    );
    renderAnalytics(<BySenderServicePage />, path);
    await screen.findByRole('table', { name: /sender service|serviço de envio/ });
    expect(screen.getAllByRole('searchbox')).toHaveLength(1);
    expect(screen.getByText(services)).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: services }), 'goo{Enter}');
    await waitFor(() => expect(seen.services.at(-1)?.get('search')).toBe('goo'));
    expect(seen.senders).toEqual([]);
  });

  it('drills into a sender: its messages and the IP addresses attributed to it', async () => {
    const user = userEvent.setup();
    renderAnalytics(<BySenderServicePage />, path);
    const table = await screen.findByRole('table', { name: 'Results by sender service' });
    await user.click(within(table).getByRole('button', { name: 'Open the messages of Google' }));
    expect(location.search).toContain('row=Google');
    expect(location.search).toContain('sender=3');
    const ips = await screen.findByRole('table', { name: 'IP addresses attributed to Google' });
    expect(within(ips).getByText('mail-sor-f41.google.com')).toBeInTheDocument();
    expect(seen.associations.at(-1)?.get('email_sender')).toBe('3');
    expect(seen.associations.at(-1)?.get('begin_date')).toBe('2024-05-01');
    expect(seen.messages.at(-1)?.get('sender_service')).toBe('Google');
  });

  it('gives the messages without a sender service as a total beside the list (spec section 5)', async () => {
    server.use(
      http.get(`*${patternOf(analyticsOps.bySenderService)}`, () => {
        const doc = rowsWire(
          patternOf(analyticsOps.bySenderService),
          'aggregated-by-sender-service',
          [senderServiceRow('Google', 3, null)],
          (r) => r.sender_service,
        );
        return HttpResponse.json({ ...doc, meta: { ...doc.meta, unattributed_messages: 1234 } });
      }),
    );
    renderAnalytics(<BySenderServicePage />, path);
    expect(
      await screen.findByText('Not listed: 1,234 messages from sources without a sender service.'),
    ).toBeInTheDocument();
  });

  it('a failed sender associations call says the catalogue text', async () => {
    associationsStatus = 500;
    renderAnalytics(<BySenderServicePage />, `${path}&row=Google&sender=3`);
    expect(await screen.findByText('Unable to get Sender Associations')).toBeInTheDocument();
  });
});
