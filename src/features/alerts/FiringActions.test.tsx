import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadErrors, setLanguage } from '../../i18n';
import { renderAnalytics } from '../analytics/testing/renderAnalytics';
import { AlertsSection } from './components/AlertsSection';
import { alertsServer, firing, resetWorld, userHandler, world, writes } from './testing/alertsServer';

beforeAll(() => alertsServer.listen({ onUnhandledRequest: 'error' }));
beforeAll(() => Promise.all([loadErrors('en'), loadErrors('pt')]));
afterEach(async () => {
  alertsServer.resetHandlers();
  resetWorld();
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => alertsServer.close());

async function openHistory(
  user: ReturnType<typeof userEvent.setup>,
  name = 'History of Failures on example.com',
) {
  renderAnalytics(<AlertsSection />, '/msas/monitoring/alerts');
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name });
}

describe('Acknowledge and snooze in the history', { timeout: 20_000 }, () => {
  it('acknowledges a firing and shows who did', async () => {
    const user = userEvent.setup();
    const dialog = await openHistory(user);
    await user.click(
      await within(dialog).findByRole('button', { name: 'Acknowledge the firing of example.com' }),
    );
    expect(await within(dialog).findByText('Acknowledged by admin@example.com')).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'POST', path: 'acknowledge/1/31', body: undefined }]);
    // Acknowledged: nothing left to snooze.
    expect(within(dialog).queryByRole('button', { name: /Snooze/ })).toBeNull();
  });

  it('snoozes a firing for a day, by keyboard, and shows until when', async () => {
    const user = userEvent.setup();
    const dialog = await openHistory(user);
    const button = await within(dialog).findByRole('button', {
      name: 'Snooze 1 day: the firing of example.com',
    });
    button.focus();
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText(/^Snoozed until /)).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'POST', path: 'snooze/1/31', body: { duration: '1d' } }]);
  });

  it('offers nothing on a recovery, and says so when the server refuses', async () => {
    world.firings = [
      { ...firing, id: 32, attributes: { ...firing.attributes, kind: 'recovery', observed: {} } },
      firing,
    ];
    world.fail['POST snooze/1/31'] = {
      status: 400,
      body: { firing_id: ['Only a firing can be acknowledged or snoozed.'] },
    };
    const user = userEvent.setup();
    const dialog = await openHistory(user);
    const buttons = await within(dialog).findAllByRole('button', { name: /^Acknowledge the firing/ });
    expect(buttons).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Snooze 1 h: the firing of example.com' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only a firing can be acknowledged or snoozed.',
    );
  });

  it('speaks Portuguese', async () => {
    alertsServer.use(userHandler('pt'));
    await setLanguage('pt');
    const user = userEvent.setup();
    renderAnalytics(<AlertsSection />, '/msas/monitoring/alerts');
    await user.click(await screen.findByRole('button', { name: /Histórico/ }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByRole('button', { name: 'Reconhecer o disparo de example.com' }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Adiar 1 semana: o disparo de example.com' }),
    ).toBeVisible();
  });
});
