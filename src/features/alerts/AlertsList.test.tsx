import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderAnalytics } from '../analytics/testing/renderAnalytics';
import { AlertsSection } from './components/AlertsSection';
import {
  alertWire,
  alertsServer,
  firing,
  resetWorld,
  userHandler,
  world,
  writes,
} from './testing/alertsServer';

beforeAll(() => alertsServer.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  alertsServer.resetHandlers();
  resetWorld();
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => alertsServer.close());

const show = () => renderAnalytics(<AlertsSection />, '/msas/monitoring/alerts');

describe('Alerts list', { timeout: 20_000 }, () => {
  it('shows each rule’s name, scope, condition, firing subjects, last firing and active switch', async () => {
    world.alerts = [
      alertWire(),
      alertWire({
        id: 2,
        name: '',
        scope_type: 'domain_group',
        target_selection: '4',
        domain_group_name: 'Brands',
        condition: 'no_reports',
        state: 'ok',
        firing_subjects: [],
        last_fired_at: null,
        is_active: false,
        delivery: {
          failures: 1,
          last_error: 'refused',
          last_attempt_at: null,
          pending_emails: 2,
          failing_emails: 2,
          next_send_at: null,
        },
      }),
    ];
    show();
    const table = await screen.findByRole('table', { name: 'Alert rules' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Failures on example.com');
    expect(first).toHaveTextContent('Domain: example.com');
    expect(first).toHaveTextContent('DMARC failure rate');
    expect(first).toHaveTextContent('Firingexample.com');
    expect(first).toHaveTextContent('Nov 23, 2026');
    expect(within(first).getByRole('switch', { name: 'Failures on example.com is active' })).toBeChecked();
    expect(second).toHaveTextContent('Unnamed alert');
    expect(second).toHaveTextContent('Domain group: Brands');
    expect(second).toHaveTextContent('No aggregate report received');
    expect(second).toHaveTextContent('OK');
    expect(second).toHaveTextContent('Never');
    expect(second).toHaveTextContent('2 e-mails not delivered yet');
    expect(within(second).getByRole('switch', { name: 'Unnamed alert is active' })).not.toBeChecked();
  });

  it('says so when there is no rule yet', async () => {
    world.alerts = [];
    show();
    expect(
      await screen.findByText('No alerts yet. Create one to be told when something changes.'),
    ).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('the switch sends is_active alone and toasts disabled, then enabled', async () => {
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('switch', { name: 'Failures on example.com is active' }));
    expect(await screen.findByText('Alert condition has been disabled.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch')).not.toBeChecked());
    await user.click(screen.getByRole('switch', { name: 'Failures on example.com is active' }));
    expect(await screen.findByText('Alert condition has been enabled.')).toBeInTheDocument();
    expect(writes()).toEqual([
      { method: 'PATCH', path: 'alert/1', body: { is_active: false } },
      { method: 'PATCH', path: 'alert/1', body: { is_active: true } },
    ]);
  });

  it('deletes after confirming; a failure says the spec’s text', async () => {
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Delete Failures on example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete Failures on example.com and its history?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Alert condition has been deleted.')).toBeInTheDocument();
    world.fail = { 'DELETE alert/1': { status: 500, body: { detail: 'boom' } } };
    await user.click(await screen.findByRole('button', { name: 'Delete Failures on example.com' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Something went wrong when deleting the alert condition.'),
    ).toBeInTheDocument();
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE alert/1', 'DELETE alert/1']);
  });

  it('shows the firing history: when, the day of the data, subject, values and e-mails sent', async () => {
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'History of Failures on example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Failures on example.com' });
    const table = await within(dialog).findByRole('table', { name: 'Firings and recoveries' });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('Nov 22, 2026');
    expect(row).toHaveTextContent('example.com');
    expect(row).toHaveTextContent('Fired');
    expect(row).toHaveTextContent('rate (%) 45.45 · failed 50 · messages 1,100');
    // E-mails sent, before the follow-up buttons (FiringActions.test.tsx).
    expect(within(row).getAllByRole('cell').at(-2)).toHaveTextContent(/^2$/);
    expect(world.calls).toContainEqual({ method: 'GET', path: 'firings/1', body: undefined });
  });

  it('writes dates and numbers the Portuguese way', async () => {
    alertsServer.use(userHandler('pt'));
    await setLanguage('pt');
    const user = userEvent.setup();
    show();
    const table = await screen.findByRole('table', { name: 'Regras de alerta' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('23 de nov. de 2026');
    await user.click(screen.getByRole('button', { name: 'Histórico de Failures on example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('taxa (%) 45,45 · com falha 50 · mensagens 1.100'),
    ).toBeInTheDocument();
  });

  it('the history is empty before the first firing', async () => {
    world.firings = [];
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'History of Failures on example.com' }));
    expect(await screen.findByText('This alert has not fired yet.')).toBeInTheDocument();
  });

  it('shows mail held by the cool-down and when it goes, and a rule that mails nobody', async () => {
    const held = { failures: 0, last_error: null, last_attempt_at: null, failing_emails: 0 };
    world.alerts = [
      alertWire({ delivery: { ...held, pending_emails: 2, next_send_at: '2026-11-23T14:10:00Z' } }),
      alertWire({
        id: 2,
        name: 'Nobody',
        destination_addresses: [],
        destination_states: [],
        mails_nobody: true,
      }),
    ];
    world.firings = [
      {
        ...firing,
        attributes: {
          ...firing.attributes,
          emails_sent: 0,
          pending: true,
          next_send_at: '2026-11-23T14:10:00Z',
        },
      },
    ];
    const user = userEvent.setup();
    show();
    const table = await screen.findByRole('table', { name: 'Alert rules' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(/2 e-mails held by the cool-down, sent at Nov 23, 2026, \d/);
    expect(first).not.toHaveTextContent('Mails nobody');
    expect(second).toHaveTextContent('Mails nobody');
    await user.click(screen.getByRole('button', { name: 'History of Failures on example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Failures on example.com' });
    const rows = within(
      await within(dialog).findByRole('table', { name: 'Firings and recoveries' }),
    ).getAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell').at(-2)).toHaveTextContent(/^Held, sent at Nov 23, 2026/);
  });

  it('says the same in Portuguese', async () => {
    alertsServer.use(userHandler('pt'));
    await setLanguage('pt');
    const held = { failures: 0, last_error: null, last_attempt_at: null, failing_emails: 0 };
    world.alerts = [
      alertWire({ delivery: { ...held, pending_emails: 1, next_send_at: '2026-11-23T14:10:00Z' } }),
      alertWire({
        id: 2,
        name: 'Nobody',
        destination_addresses: [],
        destination_states: [],
        mails_nobody: true,
      }),
    ];
    show();
    const table = await screen.findByRole('table', { name: 'Regras de alerta' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('1 e-mail retido pelo intervalo, enviado em 23 de nov. de 2026');
    expect(second).toHaveTextContent('Não envia e-mail a ninguém');
  });
});
