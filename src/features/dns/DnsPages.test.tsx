import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dnsOps } from '../../../contract/operations/dns';
import type { z } from 'zod';
import type { dnsStatusDocument, historyItemSchema, zoneDocument } from '../../../contract/dns';
import { fakeAccessToken } from '../../api/testJwt';
import { userDocument } from '../../app/testing/session';
import { setLanguage } from '../../i18n';
import { renderAnalytics } from '../analytics/testing/renderAnalytics';
import { DnsSection } from './components/DnsSection';
import { at, zoneFixture } from './testing';
import { patternOf, urlOf } from '../../api/call';
import { authOps } from '../../../contract/operations/auth';
import { userOps } from '../../../contract/operations/users';

// The DNS pages against wire documents typed by the contract (contract/dns.ts), one msw server that
// records every write, so each test says what the page sent and what it showed.
type ZoneWire = z.input<typeof zoneDocument>;
type HistoryWire = z.input<typeof historyItemSchema>;

const zoneWire = (over: Partial<ZoneWire> = {}): ZoneWire =>
  zoneFixture({
    records: 2,
    rrsets: [
      {
        name: 'example.com.',
        type: 'NS',
        ttl: 3600,
        records: [{ content: 'ns1.example.com.', disabled: false }],
        comments: [],
      },
      {
        name: 'www.example.com.',
        type: 'A',
        ttl: 3600,
        records: [{ content: '192.0.2.1', disabled: false }],
        comments: [],
      },
    ],
    ...over,
  });
const theirChange: HistoryWire = {
  id: 40,
  change_set: 12,
  kind: 'edit',
  version: 5,
  date: '2026-11-22T09:00:00.000Z',
  user: 8,
  author: { kind: 'member', name: 'Rita Alves' },
  name: 'www.example.com.',
  type: 'A',
  action: 'changed',
  ttl: 3600,
  content: ['192.0.2.77'],
  before: null,
  after: {
    name: 'www.example.com.',
    type: 'A',
    ttl: 3600,
    records: [{ content: '192.0.2.77', disabled: false }],
    comments: [],
  },
};

const world = {
  status: {
    configured: true,
    reachable: true,
    server: 'localhost',
    default_nameservers: ['ns1.example.net'],
  } as z.input<typeof dnsStatusDocument>,
  fail: {} as Record<string, { status: number; body: unknown }>,
  writes: [] as { method: string; body: unknown }[],
  zoneGets: 0,
};
const page = <T,>(data: T[]) => ({
  data,
  links: { current: null, first: null, last: null, next: null, prev: null },
  meta: { count: data.length, page: 1, page_size: 20 },
});
const failure = (key: string) => {
  const f = world.fail[key];
  return f ? HttpResponse.json(f.body as object, { status: f.status }) : null;
};

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
    HttpResponse.json(userDocument({ language: 'en' })),
  ),
  http.get(at(dnsOps.status), () => HttpResponse.json(world.status)),
  http.get(at(dnsOps.listZones), () => HttpResponse.json(page([zoneWire()]))),
  http.post(at(dnsOps.listZones), async ({ request }) => {
    world.writes.push({ method: 'POST', body: await request.json() });
    return failure('POST') ?? HttpResponse.json(zoneWire(), { status: 201 });
  }),
  http.get(at(dnsOps.zone), () => {
    world.zoneGets += 1;
    return HttpResponse.json(zoneWire({ version: 4 + world.zoneGets - 1 }));
  }),
  http.patch(at(dnsOps.zone), async ({ request }) => {
    world.writes.push({ method: 'PATCH', body: await request.json() });
    return failure('PATCH') ?? HttpResponse.json(zoneWire({ version: 9 }));
  }),
  http.delete(at(dnsOps.zone), () => {
    world.writes.push({ method: 'DELETE', body: null });
    return failure('DELETE') ?? new HttpResponse(null, { status: 204 });
  }),
  http.get(at(dnsOps.history), () => HttpResponse.json(page([theirChange]))),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  world.status = {
    configured: true,
    reachable: true,
    server: 'localhost',
    default_nameservers: ['ns1.example.net'],
  };
  world.fail = {};
  world.writes = [];
  world.zoneGets = 0;
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => server.close());

const show = (path = '/msas/dns/zones') => renderAnalytics(<DnsSection />, path);

describe('DNS pages', { timeout: 30_000 }, () => {
  it('says how to turn DNS hosting on when it is off', async () => {
    world.status = { ...world.status, configured: false, reachable: null, default_nameservers: [] };
    show();
    expect(await screen.findByRole('heading', { name: 'DNS hosting is not configured' })).toBeInTheDocument();
    expect(screen.getByText(/PDNS_API_URL/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('counts the records and changes of a zone in the reader’s language', async () => {
    server.use(
      http.get(at(dnsOps.listZones), () =>
        HttpResponse.json(page([zoneWire({ records: 12345, version: 1234 })])),
      ),
    );
    show();
    const list = await screen.findByRole('table', { name: 'DNS zones' });
    expect(list).toHaveTextContent('12,345');
    expect(list).toHaveTextContent('1,234');
    await setLanguage('pt');
    await waitFor(() => expect(screen.getByRole('table', { name: 'Zonas DNS' })).toHaveTextContent('12.345'));
  });

  it("creates a zone with the settings' name servers; a refusal without a name error shows the spec's message", async () => {
    const user = userEvent.setup();
    world.fail.POST = { status: 400, body: { nameservers: [] } };
    show();
    await user.click(await screen.findByRole('button', { name: 'Create zone' }));
    const dialog = screen.getByRole('dialog', { name: 'Create zone' });
    expect(within(dialog).getByLabelText('Name servers')).toHaveValue('ns1.example.net');
    await user.type(within(dialog).getByLabelText('Zone name'), 'example.com');
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'Master');
    await user.click(within(dialog).getByRole('button', { name: 'Create zone' }));
    expect(await screen.findByText('Something went wrong to try create the zone.')).toBeInTheDocument();
    expect(world.writes[0]?.body).toEqual({
      name: 'example.com',
      kind: 'Master',
      nameservers: ['ns1.example.net'],
    });

    world.fail.POST = { status: 400, body: { name: ['A zone with this name already exists.'] } };
    await user.click(within(dialog).getByRole('button', { name: 'Create zone' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A zone with this name already exists.',
    );

    // A read-only (Cancelled) organization: the 403's reason, not the generic failure.
    const readOnly = 'In order to use Systems Explore, please update your subscription.';
    // The client refreshes its token once on a 403 (the organization's status may have changed) and retries.
    server.use(
      http.post(`*${patternOf(authOps.refresh)}`, () => HttpResponse.json({ access: fakeAccessToken(600) })),
    );
    world.fail.POST = { status: 403, body: { detail: readOnly } };
    await user.click(within(dialog).getByRole('button', { name: 'Create zone' }));
    expect(await screen.findByText(readOnly)).toBeInTheDocument();
  });

  it("deletes after a confirmation and shows the server's error, else the spec's message", async () => {
    const user = userEvent.setup();
    world.fail.DELETE = { status: 502, body: { detail: 'The DNS server did not answer.', code: 'x' } };
    show();
    await user.click(await screen.findByRole('button', { name: 'Delete example.com.' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete zone' })).getByRole('button', {
        name: 'Delete zone',
      }),
    );
    expect(await screen.findByText('The DNS server did not answer.')).toBeInTheDocument();
    world.fail.DELETE = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: 'Delete example.com.' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete zone' })).getByRole('button', {
        name: 'Delete zone',
      }),
    );
    expect(await screen.findByText('Something went wrong to try delete the zone.')).toBeInTheDocument();
  });

  it('sends only the touched rrsets with the version, and puts the server’s message on its record', async () => {
    const user = userEvent.setup();
    world.fail.PATCH = {
      status: 400,
      body: { 'rrsets.0.records.0.content': ['PowerDNS refused this record.'] },
    };
    show('/msas/dns/zones?zone=example.com.');
    const table = await screen.findByRole('table', { name: 'Record sets of example.com.' });
    expect(within(table).queryByText('SOA')).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Edit www A' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit www.example.com. A' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Disable record 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await user.click(screen.getByRole('button', { name: 'Review and apply 1 change' }));
    const review = screen.getByRole('dialog', { name: 'Review the changes to example.com.' });
    expect(within(review).getByRole('list', { name: 'Your changes' })).toHaveTextContent('Changedwww A');
    await user.click(within(review).getByRole('button', { name: 'Apply 1 change' }));
    expect(await screen.findByText('Something went wrong to try update the records.')).toBeInTheDocument();
    expect(await within(review).findByRole('alert')).toHaveTextContent('PowerDNS refused this record.');
    expect(world.writes).toEqual([
      {
        method: 'PATCH',
        body: {
          version: 4,
          rrsets: [
            {
              name: 'www.example.com.',
              type: 'A',
              ttl: 3600,
              changetype: 'REPLACE',
              records: [{ content: '192.0.2.1', disabled: true }],
              comments: [],
            },
          ],
        },
      },
    ]);
  });

  it('on a 409 shows the other change, reloads the zone and applies again against its new version', async () => {
    const user = userEvent.setup();
    world.fail.PATCH = {
      status: 409,
      body: { detail: 'Someone else changed these records.', version: 5, changes: [theirChange] },
    };
    show('/msas/dns/zones?zone=example.com.');
    const table = await screen.findByRole('table', { name: 'Record sets of example.com.' });
    await user.click(within(table).getByRole('button', { name: 'Delete www A' }));
    await user.click(screen.getByRole('button', { name: 'Review and apply 1 change' }));
    const review = screen.getByRole('dialog', { name: 'Review the changes to example.com.' });
    await user.click(within(review).getByRole('button', { name: 'Apply 1 change' }));
    expect(await within(review).findByRole('list', { name: 'The other change' })).toHaveTextContent(
      '192.0.2.77',
    );
    await waitFor(() => expect(world.zoneGets).toBe(2));
    delete world.fail.PATCH;
    await user.click(within(review).getByRole('button', { name: 'Apply 1 change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(world.writes.map((w) => (w.body as { version: number }).version)).toEqual([4, 5]);
    expect(await screen.findByText('Records updated successfully.')).toBeInTheDocument();
  });

  it('offers to take over or replace a zone still hosted for the name, without calling it a failure', async () => {
    const user = userEvent.setup();
    world.fail.POST = {
      status: 409,
      body: {
        detail:
          'This name already has a hosted zone. Take it over with its records, or replace it with a new zone.',
        code: 'zone_hosted',
      },
    };
    show();
    await user.click(await screen.findByRole('button', { name: 'Create zone' }));
    const dialog = screen.getByRole('dialog', { name: 'Create zone' });
    await user.type(within(dialog).getByLabelText('Zone name'), 'example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create zone' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This name already has a hosted zone. Take it over with its records, or replace it with a new zone.',
    );
    expect(screen.queryByText(/Someone else changed/)).not.toBeInTheDocument();
    delete world.fail.POST;
    await user.click(within(dialog).getByRole('button', { name: 'Take over the zone' }));
    expect(await screen.findByText('Zone created successfully.')).toBeInTheDocument();
    expect(world.writes.map((w) => (w.body as { existing?: string }).existing)).toEqual([
      undefined,
      'take_over',
    ]);
  });

  it('keeps the pending edit when PowerDNS does not answer, and sends it again as it was', async () => {
    const user = userEvent.setup();
    world.fail.PATCH = {
      status: 502,
      body: { detail: 'The DNS server did not answer. Try again later.', code: 'dns_unavailable' },
    };
    show('/msas/dns/zones?zone=example.com.');
    const table = await screen.findByRole('table', { name: 'Record sets of example.com.' });
    await user.click(within(table).getByRole('button', { name: 'Delete www A' }));
    await user.click(screen.getByRole('button', { name: 'Review and apply 1 change' }));
    let review = screen.getByRole('dialog', { name: 'Review the changes to example.com.' });
    await user.click(within(review).getByRole('button', { name: 'Apply 1 change' }));
    expect(await screen.findByText('The DNS server did not answer. Try again later.')).toBeInTheDocument();
    await user.click(within(review).getByRole('button', { name: 'Back to editing' }));
    // The edit is still pending, against the version loaded.
    expect(screen.getByRole('button', { name: 'Review and apply 1 change' })).toBeInTheDocument();
    delete world.fail.PATCH;
    await user.click(screen.getByRole('button', { name: 'Review and apply 1 change' }));
    review = screen.getByRole('dialog', { name: 'Review the changes to example.com.' });
    await user.click(within(review).getByRole('button', { name: 'Apply 1 change' }));
    expect(await screen.findByText('Records updated successfully.')).toBeInTheDocument();
    expect(world.writes.map((w) => w.body)).toEqual([
      { version: 4, rrsets: [{ name: 'www.example.com.', type: 'A', changetype: 'DELETE' }] },
      { version: 4, rrsets: [{ name: 'www.example.com.', type: 'A', changetype: 'DELETE' }] },
    ]);
  });
});
