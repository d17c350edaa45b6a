import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderAnalytics } from '../analytics/testing/renderAnalytics';
import { DigestsSection } from './components/DigestsSection';
import { digestsServer, digestWire, resetWorld, world, writes } from './testing/digestsServer';
import { userHandler } from '../alerts/testing/alertsServer';

beforeAll(() => digestsServer.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  digestsServer.resetHandlers();
  resetWorld();
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => digestsServer.close());

const show = () => renderAnalytics(<DigestsSection />, '/msas/monitoring/reports');
const table = () => screen.findByRole('table', { name: 'Scheduled reports' });

describe('Reports page', { timeout: 20_000 }, () => {
  it('lists each schedule’s name, scope, frequency, next run, last sent and recipients', async () => {
    world.scheduled = [
      digestWire(),
      digestWire({
        id: 2,
        name: 'Two domains daily',
        schedule: { frequency: 'daily', day_of_week: null, day_of_month: null, hour: 17, time_zone: 'UTC' },
        domain_group: null,
        domain_group_name: null,
        specific_domains: [11, 12],
        last_sent: null,
        next_run: null,
      }),
    ];
    show();
    const [, first, second] = within(await table()).getAllByRole('row');
    expect(first).toHaveTextContent('Brands weekly');
    expect(first).toHaveTextContent('Group: Brands');
    expect(first).toHaveTextContent('Weekly on Monday at 08:00 (Europe/Lisbon)');
    expect(first).toHaveTextContent('Nov 30, 2026');
    expect(first).toHaveTextContent('Nov 23, 2026');
    expect(first).toHaveTextContent('ops@example.comcto@example.com(confirmed)');
    expect(second).toHaveTextContent('2 domains: a.example, b.example');
    expect(second).toHaveTextContent('Daily at 17:00 (UTC)');
    expect(second).toHaveTextContent('Not scheduled');
    expect(second).toHaveTextContent('Never');
    expect(world.calls.map((c) => c.path).sort()).toEqual(['list/monthly', 'list/scheduled', 'list/weekly']);
  });

  it('says so when there is no report yet, and offers the organization’s digests', async () => {
    world.scheduled = [];
    show();
    expect(
      await screen.findByText(
        'No scheduled reports yet. Create one to mail the figures of some domains on a schedule.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Set up weekly digest' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Set up monthly digest' })).toBeVisible();
  });

  it('a failed list says the default message and retries', async () => {
    world.fail = { 'GET list/scheduled': { status: 500, body: { detail: 'boom' } } };
    const user = userEvent.setup();
    show();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.closest('[role="alert"]')).toHaveTextContent('Something went wrong. Please try again.');
    world.fail = {};
    await user.click(retry);
    expect(await table()).toBeVisible();
  });

  it('deletes after confirming; a failure says the spec’s text', async () => {
    const user = userEvent.setup();
    show();
    await table();
    world.fail = { 'DELETE scheduled/1': { status: 500, body: { detail: 'boom' } } };
    await user.click(screen.getByRole('button', { name: 'Delete Brands weekly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete report' });
    expect(dialog).toHaveTextContent('Delete Brands weekly and its history of sends?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Unable to delete report.')).toBeInTheDocument();
    world.fail = {};
    await user.click(screen.getByRole('button', { name: 'Delete Brands weekly' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Report deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE scheduled/1',
      'DELETE scheduled/1',
    ]);
  });

  it('sends now after confirming and says how it went', async () => {
    const user = userEvent.setup();
    show();
    await table();
    await user.click(screen.getByRole('button', { name: 'Send now: Brands weekly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Brands weekly now' });
    expect(dialog).toHaveTextContent('goes to its 2 addresses now');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Report sent to 2 addresses.')).toBeInTheDocument();
    world.sendNow = { detail: 'Report sent.', recipients: 0, status: 'skipped' };
    await user.click(screen.getByRole('button', { name: 'Send now: Brands weekly' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/skips quiet periods: nothing was sent/)).toBeInTheDocument();
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST send/scheduled/1',
      'POST send/scheduled/1',
    ]);
  });

  it('a send past the limit says from when the report can be sent again', async () => {
    world.fail['POST send/scheduled/1'] = {
      status: 429,
      body: { detail: 'Too many attempts. Try again in 1800 seconds.' },
      headers: { 'Retry-After': '1800' },
    };
    const user = userEvent.setup();
    show();
    await table();
    await user.click(screen.getByRole('button', { name: 'Send now: Brands weekly' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        /^This report was sent too often\. You can send it again from \w{3} \d+, \d{4}/,
      ),
    ).toBeInTheDocument();
  });

  it('sends a waiting address its confirmation again; the limit says from when', async () => {
    world.scheduled = [
      digestWire({
        destination_addresses: ['far@example.net'],
        destination_states: [{ address: 'far@example.net', state: 'waiting' }],
      }),
    ];
    const user = userEvent.setup();
    show();
    const resend = await screen.findByRole('button', {
      name: 'Send the confirmation again to far@example.net',
    });
    await user.click(resend);
    expect(await screen.findByText('Confirmation e-mail sent to far@example.net.')).toBeInTheDocument();
    world.fail['POST resend/far@example.net'] = {
      status: 429,
      body: { detail: 'Too many attempts. Try again in 3000 seconds.' },
      headers: { 'Retry-After': '3000' },
    };
    await user.click(resend);
    expect(
      await screen.findByText(/^A confirmation was sent recently\. You can send it again from /),
    ).toBeInTheDocument();
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST resend/far@example.net',
      'POST resend/far@example.net',
    ]);
  });

  it('shows the history of sends: period, kind and outcome', async () => {
    const user = userEvent.setup();
    show();
    await table();
    await user.click(screen.getByRole('button', { name: 'History of Brands weekly' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Brands weekly' });
    const sends = await within(dialog).findByRole('table', { name: 'Sends of the report' });
    const [, row] = within(sends).getAllByRole('row');
    expect(row).toHaveTextContent('Nov 16, 2026 to Nov 22, 2026');
    expect(row).toHaveTextContent('Late');
    expect(row).toHaveTextContent('No reports (mailed)');
    expect(world.calls).toContainEqual({ method: 'GET', path: 'sends/scheduled/1', body: undefined });
  });

  it('previews the mail in a frame that runs no script, shows its text part, and saves the PDF', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => undefined });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    show();
    await table();
    await user.click(screen.getByRole('button', { name: 'Preview Brands weekly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview of Brands weekly' });
    expect(await within(dialog).findByText('DMARC report: Brands weekly, Nov 16 – Nov 22')).toBeVisible();
    expect(dialog).toHaveTextContent('Nov 16, 2026 to Nov 22, 2026');
    const frame = within(dialog).getByTitle('The mail as recipients see it');
    // An empty sandbox: no scripts, no forms, no navigation of the console, its own origin.
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>Brands weekly</h1>');
    await user.click(within(dialog).getByLabelText('Show the plain-text part'));
    expect(within(dialog).getByLabelText('Plain-text part of the mail')).toHaveTextContent('Messages 1,100');
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['digest-1-2026-11-16-2026-11-22.pdf']));
    click.mockRestore();
  });

  it('the organization’s weekly digest shows its schedule and is turned off after confirming', async () => {
    world.weekly = digestWire({
      id: 3,
      report_type: 'weekly',
      name: 'Weekly digest',
      all_domains: true,
      domain_group: null,
      domain_group_name: null,
      destination_addresses: ['all@example.com', 'far@example.net'],
      destination_states: [
        { address: 'all@example.com', state: 'member' },
        { address: 'far@example.net', state: 'waiting' },
      ],
    });
    const user = userEvent.setup();
    show();
    const card = await screen.findByRole('region', { name: 'Weekly digest' });
    expect(card).toHaveTextContent('Weekly on Monday at 08:00 (Europe/Lisbon)');
    expect(card).toHaveTextContent('2 recipients:');
    // An outside address says it waits for its owner's confirmation; a member's says nothing more.
    const recipients = within(card).getByRole('list', { name: 'Addresses and their state' });
    expect(recipients).toHaveTextContent('all@example.comfar@example.net(waiting for confirmation)');
    await user.click(within(card).getByRole('button', { name: 'Turn off Weekly digest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off digest' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up weekly digest' })).toBeVisible();
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE weekly/3']);
  });

  it('writes the schedule and dates the Portuguese way', async () => {
    digestsServer.use(userHandler('pt'));
    await setLanguage('pt');
    show();
    const found = await screen.findByRole('table', { name: 'Relatórios agendados' });
    const row = within(found).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Semanalmente, segunda-feira, às 08:00 (Europe/Lisbon)');
    expect(row).toHaveTextContent('30 de nov. de 2026');
  });
});
