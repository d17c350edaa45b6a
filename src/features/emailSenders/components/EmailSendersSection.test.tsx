import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { renderAnalytics } from '../../analytics/testing/renderAnalytics';
import { EmailSendersSection } from './EmailSendersSection';
import { patternOf, urlOf } from '../../../api/call';
import { emailSenderOps as ops } from '../../../../contract/operations/email-senders';
import { userOps } from '../../../../contract/operations/users';

const base = patternOf(ops.list);
const at = (op: Parameters<typeof patternOf>[0]) => `*${patternOf(op)}`;
type Call = { method: string; path: string; body?: unknown };
let calls: Call[] = [];
let fail: Record<string, { status: number; body: unknown }> = {};
let senders = [
  { id: 1, name: 'Google', networks: ['209.85.128.0/17'], logo: '/logo/1', includes: ['_spf.google.com'] },
];

const senderWire = (s: (typeof senders)[number]) => ({
  type: 'email-senders',
  id: s.id,
  attributes: {
    name: s.name,
    created_date: '2024-05-01T10:00:00Z',
    networks: s.networks.map((range) => ({ range })),
    logo: s.logo,
    spf_includes: s.includes,
    reverse_dns_suffixes: [],
    file: null,
  },
});

function record(method: string, path: string, body?: unknown) {
  calls.push({ method, path, body });
  const failure = fail[`${method} ${path}`];
  return failure ? HttpResponse.json(failure.body as object, { status: failure.status }) : null;
}

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.get(`*${base}`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    if (query.get('format') === 'csv') {
      calls.push({ method: 'GET', path: `csv?search=${query.get('search')}` });
      return new HttpResponse('name\r\nGoogle\r\n', { headers: { 'Content-Type': 'text/csv' } });
    }
    const page = query.get('page');
    calls.push({ method: 'GET', path: `list?page=${page}` });
    const failure = fail['GET list'];
    if (failure) return HttpResponse.json(failure.body as object, { status: failure.status });
    return HttpResponse.json({
      data: senders.map(senderWire),
      links: { current: null, first: null, last: null, next: null, prev: null },
      meta: { count: senders.length, page: 1, page_size: 20 },
    });
  }),
  http.post(`*${base}`, async ({ request }) => {
    const body = await request.json();
    return (
      record('POST', 'sender', body) ??
      HttpResponse.json({ data: senderWire({ ...senders[0], id: 9, name: 'Acme Mail' }) }, { status: 201 })
    );
  }),
  http.patch(at(ops.update), async ({ request, params }) => {
    const body = await request.json();
    return (
      record('PATCH', `sender/${params.id}`, body) ?? HttpResponse.json({ data: senderWire(senders[0]) })
    );
  }),
  http.delete(
    at(ops.delete),
    ({ params }) => record('DELETE', `sender/${params.id}`) ?? new HttpResponse(null, { status: 204 }),
  ),
  http.post(at(ops.uploadLogo), async ({ request, params }) => {
    const form = await request.formData();
    const file = form.get('file');
    return (
      record(
        'POST',
        `logo/${params.id}`,
        typeof file === 'object' && file !== null ? (file as Blob).size : null,
      ) ?? HttpResponse.json({}, { status: 201 })
    );
  }),
  http.put(at(ops.replaceNetworks), async ({ request, params }) => {
    const body = await request.json();
    return record('PUT', `networks/${params.id}`, body) ?? HttpResponse.json({ data: [] });
  }),
  http.post(
    at(ops.refreshNetworks),
    ({ params }) => record('POST', `refresh/${params.id}`) ?? HttpResponse.json({ data: [] }),
  ),
  http.post(
    at(ops.recalculate),
    () =>
      record('POST', 'recalculate') ??
      HttpResponse.json({ detail: 'Recalculated.', ips: 12 }, { status: 202 }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  calls = [];
  fail = {};
  senders = [
    { id: 1, name: 'Google', networks: ['209.85.128.0/17'], logo: '/logo/1', includes: ['_spf.google.com'] },
  ];
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

const writes = () => calls.filter((c) => c.method !== 'GET');

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  renderAnalytics(<EmailSendersSection />, '/msas/analytics/by_sender_service', true);
  await screen.findByRole('table', { name: 'Email senders' });
  await user.click(screen.getByRole('button', { name: 'Add email sender' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText('Name'), 'Acme Mail');
  await user.type(within(dialog).getByLabelText('Network range (CIDR)'), '192.0.2.0/24{Enter}');
  return dialog;
}

describe('Email senders', { timeout: 20_000 }, () => {
  it('creates in the spec’s steps: sender, logo, networks, then reloads the list at page 1', async () => {
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'acme.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText(/^Logo/, { selector: 'input' }), logo);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email Sender was created successfully')).toBeInTheDocument();
    expect(writes()).toEqual([
      { method: 'POST', path: 'sender', body: { name: 'Acme Mail' } },
      // jsdom's multipart encoding does not carry the bytes across to msw: the field's presence is checked.
      { method: 'POST', path: 'logo/9', body: expect.any(Number) },
      { method: 'PUT', path: 'networks/9', body: { networks: [{ range: '192.0.2.0/24' }] } },
    ]);
    await waitFor(() => expect(calls.at(-1)).toEqual({ method: 'GET', path: 'list?page=1' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('skips the logo step without a file; a failed networks step fails the create with the spec’s text', async () => {
    const user = userEvent.setup();
    fail = { 'PUT networks/9': { status: 400, body: { networks: ['Enter a valid network.'] } } };
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const message = 'Cannot add email sender networks. Please close modal and update the email Sender';
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(writes().map((c) => c.path)).toEqual(['sender', 'networks/9']);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a failed sender step shows the server’s errors joined, and stops there', async () => {
    const user = userEvent.setup();
    fail = {
      'POST sender': {
        status: 400,
        body: { name: ['This field must be unique.'], non_field_errors: ['Try another.'] },
      },
    };
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This field must be unique. Try another.',
    );
    expect(writes().map((c) => c.path)).toEqual(['sender']);
  });

  it('a sender step failure without errors says the default', async () => {
    const user = userEvent.setup();
    fail = { 'POST sender': { status: 500, body: {} } };
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    );
  });

  it('updates name and networks; a failed networks save on update says "Something went wrong."', async () => {
    const user = userEvent.setup();
    fail = { 'PUT networks/1': { status: 500, body: {} } };
    renderAnalytics(<EmailSendersSection />, '/msas/analytics/by_sender_service', true);
    await user.click(await screen.findByRole('button', { name: 'Edit Google' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Google');
    await user.click(within(dialog).getByRole('button', { name: 'Remove 209.85.128.0/17' }));
    await user.type(within(dialog).getByLabelText('Network range (CIDR)'), '198.51.100.0/24');
    await user.click(within(dialog).getByRole('button', { name: 'Add network' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Something went wrong\.$/);
    expect(writes()).toEqual([
      { method: 'PATCH', path: 'sender/1', body: { name: 'Google' } },
      { method: 'PUT', path: 'networks/1', body: { networks: [{ range: '198.51.100.0/24' }] } },
    ]);
  });

  it('deletes after confirming; a failure shows the first field error, else the default', async () => {
    const user = userEvent.setup();
    renderAnalytics(<EmailSendersSection />, '/msas/analytics/by_sender_service', true);
    await user.click(await screen.findByRole('button', { name: 'Delete Google' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Email Sender was deleted successfully')).toBeInTheDocument();
    fail = { 'DELETE sender/1': { status: 400, body: { sender: ['It is in use.'] } } };
    await user.click(await screen.findByRole('button', { name: 'Delete Google' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('It is in use.')).toBeInTheDocument();
    fail = { 'DELETE sender/1': { status: 500, body: {} } };
    await user.click(await screen.findByRole('button', { name: 'Delete Google' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Unable to delete Email Sender')).toBeInTheDocument();
  });

  it('deletes a logo; recalculates and refreshes networks', async () => {
    const user = userEvent.setup();
    fail = { 'DELETE logo/1': { status: 500, body: {} } };
    server.use(
      http.delete(
        at(ops.deleteLogo),
        ({ params }) => record('DELETE', `logo/${params.id}`) ?? new HttpResponse(null, { status: 204 }),
      ),
    );
    renderAnalytics(<EmailSendersSection />, '/msas/analytics/by_sender_service', true);
    await user.click(await screen.findByRole('button', { name: 'Edit Google' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete logo' }));
    expect(await screen.findByText('Unable to delete Email Sender')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Recalculate' }));
    expect(
      await screen.findByText('Sender attribution recalculated. IP addresses updated: 12'),
    ).toBeInTheDocument();
    fail = {
      'POST refresh/1': { status: 504, body: { detail: 'DNS did not answer; enter the networks by hand.' } },
    };
    await user.click(screen.getByRole('button', { name: 'Refresh networks of Google' }));
    expect(await screen.findByText('DNS did not answer; enter the networks by hand.')).toBeInTheDocument();
  });

  it('is read-only for users who are not support; a failed list says the catalogue text', async () => {
    renderAnalytics(<EmailSendersSection />, '/msas/analytics/by_sender_service', false);
    const table = await screen.findByRole('table', { name: 'Email senders' });
    expect(within(table).getByText('Google')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add email sender' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Google' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Recalculate' })).toBeNull();
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV: email senders' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ method: 'GET', path: 'csv?search=null' }));
  });

  it('a failed list toasts "Unable to get Email Senders"', async () => {
    fail = { 'GET list': { status: 500, body: {} } };
    renderAnalytics(<EmailSendersSection />, '/msas/analytics/by_sender_service', true);
    expect(await screen.findAllByText(/Unable to get Email Senders/)).not.toHaveLength(0);
  });
});
