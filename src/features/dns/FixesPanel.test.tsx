import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dnsOps } from '../../../contract/operations/dns';
import type { z } from 'zod';
import type { fixListDocument } from '../../../contract/dns-fixes';
import { renderAnalytics } from '../analytics/testing/renderAnalytics';
import { DnsSection } from './components/DnsSection';
import { at, zoneFixture, zonePageHandlers } from './testing';

// The zone's "Suggested fixes" tab: each fix previewed as the rrset before and after, applied after one
// confirmation with the listed version; explanations for what msas does not write; a 409 lists again.
const zone = zoneFixture();
const record = '"v=DMARC1; p=none; rua=mailto:0123456789abcdef0123@reports.example.net"';
const listed = (version: number): z.input<typeof fixListDocument> => ({
  zone: 'example.com.',
  version,
  report_address_receives_mail: world.receivesMail,
  fixes: [
    {
      kind: 'dmarc',
      reason: 'The domain has no DMARC record.',
      name: '_dmarc.example.com.',
      type: 'TXT',
      action: 'added',
      before: null,
      after: {
        name: '_dmarc.example.com.',
        type: 'TXT',
        ttl: 3600,
        records: [{ content: record, disabled: false }],
        comments: [],
      },
    },
  ],
  notes: [{ kind: 'mta-sts', detail: 'MTA-STS needs a policy file.' }],
});

const world = {
  version: 4,
  applied: [] as { kind: string; body: unknown }[],
  failures: [] as { status: number; body: object }[],
  lists: 0,
  receivesMail: true,
};
const server = setupServer(
  ...zonePageHandlers(zone),
  http.get(at(dnsOps.fixes), () => {
    world.lists += 1;
    return HttpResponse.json(listed(world.version));
  }),
  http.post(at(dnsOps.applyFix), async ({ request, params }) => {
    world.applied.push({ kind: String(params.kind), body: await request.json() });
    const failure = world.failures.shift();
    if (failure) {
      world.version = 5;
      return HttpResponse.json(failure.body, failure);
    }
    return HttpResponse.json({ ...zone, version: world.version + 1 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  world.version = 4;
  world.applied = [];
  world.failures = [];
  world.lists = 0;
  world.receivesMail = true;
});
afterAll(() => server.close());

async function openFixes() {
  const user = userEvent.setup();
  renderAnalytics(<DnsSection />, '/msas/dns/zones?zone=example.com.');
  await user.click(await screen.findByRole('tab', { name: 'Suggested fixes' }));
  const list = await screen.findByRole('list', { name: 'Suggested fixes' });
  return { user, list };
}

describe('suggested fixes tab', { timeout: 30_000 }, () => {
  it('warns beside the proposed records while the report address cannot receive mail', async () => {
    await openFixes();
    expect(screen.queryByRole('note')).toBeNull();
    cleanup();
    world.receivesMail = false;
    await openFixes();
    expect(screen.getByRole('note', { name: 'This address cannot receive reports yet' })).toHaveTextContent(
      'REPORT_ADDRESS_DOMAIN',
    );
  });

  it('previews the DMARC record, explains MTA-STS, and applies after one confirmation', async () => {
    const { user, list } = await openFixes();
    expect(list).toHaveTextContent('Added_dmarc TXT');
    expect(list).toHaveTextContent('rua=mailto:0123456789abcdef0123@reports.example.net');
    expect(list).toHaveTextContent('The domain has no DMARC record.');
    expect(screen.getByRole('list', { name: 'Also found' })).toHaveTextContent(
      'https://mta-sts.example.com/.well-known/mta-sts.txt',
    );
    await user.click(within(list).getByRole('button', { name: 'Add the DMARC record' }));
    const dialog = screen.getByRole('dialog', { name: 'Add the DMARC record' });
    expect(dialog).toHaveTextContent('recorded in its history');
    expect(world.applied).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Fix applied successfully.')).toBeInTheDocument();
    expect(world.applied).toEqual([{ kind: 'dmarc', body: { version: 4 } }]);
    // Its button goes with the fix: focus stays in the panel, not at the start of the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Suggested fixes' })),
    );
  });

  it('on a 409 says so and lists the fixes again at the new version', async () => {
    world.failures = [{ status: 409, body: { detail: 'stale', version: 5, changes: [] } }];
    const { user, list } = await openFixes();
    await user.click(within(list).getByRole('button', { name: 'Add the DMARC record' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/Someone else changed these records/)).toBeInTheDocument();
    await waitFor(() => expect(world.lists).toBe(2));
    const again = await screen.findByRole('list', { name: 'Suggested fixes' });
    await user.click(within(again).getByRole('button', { name: 'Add the DMARC record' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(world.applied).toHaveLength(2));
    expect(world.applied.map((a) => a.body)).toEqual([{ version: 4 }, { version: 5 }]);
  });
});
