import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderAnalytics } from '../analytics/testing/renderAnalytics';
import { DigestsSection } from './components/DigestsSection';
import { digestsServer, resetWorld, world, writes } from './testing/digestsServer';

beforeAll(() => digestsServer.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  digestsServer.resetHandlers();
  resetWorld();
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => digestsServer.close());

type User = ReturnType<typeof userEvent.setup>;

async function open(user: User, button: string, title: string) {
  renderAnalytics(<DigestsSection />, '/msas/monitoring/reports');
  await screen.findByRole('table', { name: 'Scheduled reports' });
  await user.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

async function typeIn(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const save = (user: User, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole('button', { name: 'Save' }));

async function setZone(user: User, dialog: HTMLElement, zone: string) {
  const field = within(dialog).getByLabelText('Time zone');
  await user.clear(field);
  await user.click(field);
  await user.paste(zone);
}

describe('Report form', { timeout: 30_000 }, () => {
  it('creates a monthly report of a domain group with the sections chosen', async () => {
    const user = userEvent.setup();
    const dialog = await open(user, 'Create report', 'New report');
    await typeIn(user, within(dialog).getByLabelText('Name'), 'Brands monthly');
    await user.selectOptions(within(dialog).getByLabelText('Frequency'), 'monthly');
    await user.selectOptions(within(dialog).getByLabelText('Day of the month'), '31');
    expect(dialog).toHaveTextContent('In shorter months the report goes out on the last day.');
    await user.selectOptions(within(dialog).getByLabelText('Hour'), '6');
    await setZone(user, dialog, 'America/New_York');
    await user.selectOptions(within(dialog).getByLabelText('Period covered'), 'last_month');
    await user.click(within(dialog).getByLabelText('A domain group'));
    const group = within(dialog).getByLabelText('Domain group');
    await within(group).findByRole('option', { name: 'Brands' });
    await user.selectOptions(group, '4');
    await user.click(within(dialog).getByLabelText('Aggregation by IP (top sources, new sources)'));
    await typeIn(
      user,
      within(dialog).getByLabelText(/^Destination addresses/),
      'ops@example.com\ncto@example.com',
    );
    await user.click(within(dialog).getByLabelText(/^Send nothing/));
    await save(user, dialog);
    expect(await screen.findByText('Report created.')).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: 'scheduled',
        body: {
          name: 'Brands monthly',
          schedule: {
            frequency: 'monthly',
            day_of_week: null,
            day_of_month: 31,
            hour: 6,
            time_zone: 'America/New_York',
          },
          include_details_per_system: false,
          include_aggregation_by_ip: true,
          include_aggregation_by_sender_service: false,
          destination_addresses: ['ops@example.com', 'cto@example.com'],
          quiet_week: 'skip',
          language: 'en',
          time_frame: 'last_month',
          all_domains: false,
          domain_group: 4,
          specific_domains: [],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('specific domains are ticked from the organization’s, sorted by name', async () => {
    const user = userEvent.setup();
    const dialog = await open(user, 'Create report', 'New report');
    await typeIn(user, within(dialog).getByLabelText('Name'), 'Pair');
    await user.click(within(dialog).getByLabelText('Specific domains'));
    const boxes = within(dialog).getByRole('group', { name: 'Domains of the report' });
    await within(boxes).findByLabelText('a.example');
    expect(
      within(boxes)
        .getAllByRole('checkbox')
        .map((b) => b.parentElement?.textContent),
    ).toEqual(['a.example', 'b.example']);
    await user.click(within(boxes).getByLabelText('b.example'));
    await typeIn(user, within(dialog).getByLabelText(/^Destination addresses/), 'ops@example.com');
    await save(user, dialog);
    await screen.findByText('Report created.');
    expect(writes()[0].body).toMatchObject({
      schedule: { frequency: 'weekly', day_of_week: 1, day_of_month: null },
      all_domains: false,
      domain_group: null,
      specific_domains: [12],
    });
  });

  it('a refused create says the spec’s text and keeps the form open with what to fix', async () => {
    world.fail = {
      'POST scheduled': {
        status: 400,
        body: { destination_addresses: ['Add at least one destination address.'] },
      },
    };
    const user = userEvent.setup();
    const dialog = await open(user, 'Create report', 'New report');
    await typeIn(user, within(dialog).getByLabelText('Name'), 'No one');
    await save(user, dialog);
    expect(await screen.findByText('Unable to create report.')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Add at least one destination address.');
    expect(screen.getByRole('dialog', { name: 'New report' })).toBeVisible();
  });

  it('a refused change says the first message of the errors, else the spec’s text', async () => {
    world.fail = {
      'PATCH scheduled/1': {
        status: 400,
        body: { schedule: ['Enter a valid IANA time zone (for example Europe/Lisbon).'], name: ['Taken'] },
      },
    };
    const user = userEvent.setup();
    const dialog = await open(user, 'Edit Brands weekly', 'Edit Brands weekly');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Brands weekly');
    expect(within(dialog).getByLabelText('Time zone')).toHaveValue('Europe/Lisbon');
    expect(within(dialog).getByLabelText('A domain group')).toBeChecked();
    expect(within(dialog).getByLabelText(/^Destination addresses/)).toHaveValue(
      'ops@example.com\ncto@example.com',
    );
    await setZone(user, dialog, 'Mars/Olympus');
    await save(user, dialog);
    const toasts = await screen.findAllByText('Enter a valid IANA time zone (for example Europe/Lisbon).');
    expect(toasts.length).toBeGreaterThan(0);
    world.fail = { 'PATCH scheduled/1': { status: 500, body: { detail: 'boom' } } };
    await save(user, dialog);
    expect(await screen.findByText('Unable to update report.')).toBeInTheDocument();
    world.fail = {};
    await save(user, dialog);
    expect(await screen.findByText('Report updated.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes().map((c) => c.path)).toEqual(['scheduled/1', 'scheduled/1', 'scheduled/1']);
  });

  it('the weekly digest keeps its frequency, period and scope: the form sends the rest', async () => {
    world.scheduled = [];
    const user = userEvent.setup();
    renderAnalytics(<DigestsSection />, '/msas/monitoring/reports');
    await user.click(await screen.findByRole('button', { name: 'Set up weekly digest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up the weekly digest' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Weekly digest');
    expect(dialog).toHaveTextContent('Every week, on the last 7 days of all domains.');
    expect(within(dialog).queryByLabelText('Frequency')).toBeNull();
    expect(within(dialog).queryByLabelText('Period covered')).toBeNull();
    expect(within(dialog).queryByLabelText('All domains')).toBeNull();
    // Every section is on for the organization's digest.
    expect(within(dialog).getByLabelText('Aggregation by sender service')).toBeChecked();
    await user.selectOptions(within(dialog).getByLabelText('Day of the week'), '5');
    await setZone(user, dialog, 'UTC');
    await typeIn(user, within(dialog).getByLabelText(/^Destination addresses/), 'all@example.com');
    await save(user, dialog);
    expect(await screen.findByText('Report created.')).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: 'weekly',
        body: {
          name: 'Weekly digest',
          schedule: { frequency: 'weekly', day_of_week: 5, day_of_month: null, hour: 8, time_zone: 'UTC' },
          include_details_per_system: true,
          include_aggregation_by_ip: true,
          include_aggregation_by_sender_service: true,
          destination_addresses: ['all@example.com'],
          quiet_week: 'send',
          language: 'en',
        },
      },
    ]);
    expect(await screen.findByRole('region', { name: 'Weekly digest' })).toHaveTextContent('Turn off');
  });
});
