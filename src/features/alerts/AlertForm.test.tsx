import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadErrors, setLanguage } from '../../i18n';
import { renderAnalytics } from '../analytics/testing/renderAnalytics';
import { AlertsSection } from './components/AlertsSection';
import { alertsServer, backtests, resetWorld, userHandler, world, writes } from './testing/alertsServer';

beforeAll(() => alertsServer.listen({ onUnhandledRequest: 'error' }));
// The app loads the reader's error texts after its first render (src/main.tsx); these pages render alone.
beforeAll(() => Promise.all([loadErrors('en'), loadErrors('pt')]));
afterEach(async () => {
  alertsServer.resetHandlers();
  resetWorld();
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => alertsServer.close());

type User = ReturnType<typeof userEvent.setup>;

async function openCreate(user: User) {
  renderAnalytics(<AlertsSection />, '/msas/monitoring/alerts');
  await screen.findByRole('table', { name: 'Alert rules' });
  await user.click(screen.getByRole('button', { name: 'Create alert' }));
  const dialog = await screen.findByRole('dialog', { name: 'New alert' });
  // The condition list comes from GET /conditions/ with the page.
  await within(dialog).findByRole('option', { name: 'DMARC failure rate' });
  return dialog;
}

async function fillDomain(user: User, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Domain'), 'example.com');
}

const save = (user: User, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole('button', { name: 'Save' }));

describe('Alert form', { timeout: 20_000 }, () => {
  it('offers each parameter of the condition with its unit and default, and creates the rule', async () => {
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    const threshold = within(dialog).getByLabelText('Threshold (%)');
    expect(threshold).toHaveValue(10);
    expect(within(dialog).getByLabelText('Minimum messages (messages)')).toHaveValue(100);
    await fillDomain(user, dialog);
    await user.clear(threshold);
    await user.type(threshold, '25');
    await user.type(
      within(dialog).getByLabelText(/^Destination addresses/),
      'ops@example.com\nsec@example.com',
    );
    await save(user, dialog);
    expect(await screen.findByText('Alert created sucessfully.')).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: 'alert',
        body: {
          name: '',
          scope_type: 'domain',
          target_selection: 'example.com',
          condition: 'dmarc_failure_rate',
          time_frame: '1d',
          params: { threshold_percent: 25, min_messages: 100 },
          is_active: true,
          cooldown_minutes: 60,
          webhook_url: null,
          destination_addresses: ['ops@example.com', 'sec@example.com'],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a condition with its own window hides the time frame; its boolean parameter is a checkbox', async () => {
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    expect(within(dialog).getByLabelText('Time frame')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Condition'), 'no_reports');
    expect(within(dialog).queryByLabelText('Time frame')).toBeNull();
    expect(within(dialog).getByLabelText('Days without reports (days)')).toHaveValue(3);
    expect(within(dialog).getByLabelText('Per reporter')).toBeChecked();
    // An IP cannot be watched for missing reports: the list offers only what fits the scope.
    await user.selectOptions(within(dialog).getByLabelText('Scope'), 'ip');
    expect(within(dialog).queryByRole('option', { name: 'No aggregate report received' })).toBeNull();
    expect(within(dialog).getByLabelText('Condition')).toHaveValue('dmarc_failure_rate');
  });

  it('a refused create shows each field error under its field and focuses the first', async () => {
    const user = userEvent.setup();
    world.fail = {
      'POST alert': {
        status: 400,
        body: {
          params: ['threshold_percent: Ensure this value is less than or equal to 100.'],
          'destination_addresses.1': ['Enter a valid email address.'],
          non_field_errors: ['Your plan allows at most 10 alert rules. Remove a rule or upgrade the plan.'],
          error_codes: {
            params: [{ code: 'alert_param_max', params: { param: 'threshold_percent', max: 100 } }],
            'destination_addresses.1': [{ code: 'invalid_email' }],
            non_field_errors: [{ code: 'plan_limit_alerts', params: { limit: 10 } }],
          },
        },
      },
    };
    const dialog = await openCreate(user);
    await fillDomain(user, dialog);
    const addresses = within(dialog).getByLabelText(/^Destination addresses/);
    await user.type(addresses, 'ops@example.com\nnot-an-address');
    await save(user, dialog);
    const threshold = within(dialog).getByLabelText('Threshold (%)');
    await waitFor(() => expect(threshold).toHaveFocus());
    expect(threshold).toHaveAttribute('aria-invalid', 'true');
    // The parameter is named by its label, as the reader sees it.
    expect(threshold).toHaveAccessibleDescription(
      'Threshold: Ensure this value is less than or equal to 100.',
    );
    expect(addresses).toHaveAccessibleDescription('Enter a valid email address.');
    expect(within(dialog).getByLabelText('Domain')).not.toHaveAttribute('aria-invalid');
    // What no field owns stays under the form.
    expect(within(dialog).getByText(/^Your plan allows at most 10 alert rules\./)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New alert' })).toBeInTheDocument();
  });

  it('in Portuguese, the refusal of a private IP and of a private webhook sit under their fields', async () => {
    alertsServer.use(userHandler('pt'));
    await setLanguage('pt');
    const user = userEvent.setup();
    const refusal = {
      target_selection: [
        'Block lists are never asked about private (RFC 1918) addresses: enter a public IP address.',
      ],
    };
    const unlisted = { code: 'alert_unlisted_ip', params: { range: 'private (RFC 1918)' } };
    world.fail = {
      'POST backtest': { status: 400, body: { ...refusal, error_codes: { target_selection: [unlisted] } } },
      'POST alert': {
        status: 400,
        body: {
          ...refusal,
          webhook_url: ['The webhook must be on a public address.'],
          error_codes: { target_selection: [unlisted], webhook_url: [{ code: 'webhook_private' }] },
        },
      },
    };
    renderAnalytics(<AlertsSection />, '/msas/monitoring/alerts');
    await user.click(await screen.findByRole('button', { name: 'Criar alerta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo alerta' });
    await within(dialog).findByRole('option', { name: 'Taxa de falha DMARC' });
    await user.selectOptions(within(dialog).getByLabelText('Escopo'), 'ip');
    await user.selectOptions(within(dialog).getByLabelText('Condição'), 'ip_blocklisted');
    const ip = within(dialog).getByLabelText('Endereço IP');
    await user.type(ip, '10.0.0.1');
    const webhook = within(dialog).getByLabelText('URL do webhook (opcional)');
    await user.type(webhook, 'http://10.0.0.2/hook');
    const inPt =
      'As listas de bloqueio nunca são consultadas sobre um endereço privado (RFC 1918): informe um endereço IP público.';
    // The backtest is refused for the same reason, in the same words.
    expect(
      await within(dialog).findByText(
        `O teste retroativo não pôde ser executado: ${inPt}`,
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(ip).toHaveFocus());
    expect(ip).toHaveAccessibleDescription(inPt);
    expect(webhook).toHaveAttribute('aria-invalid', 'true');
    expect(webhook).toHaveAccessibleDescription('O webhook deve estar em um endereço público.');
  });

  it('a failed create without field errors says "Unable to create Alert."', async () => {
    const user = userEvent.setup();
    world.fail = { 'POST alert': { status: 500, body: {} } };
    const dialog = await openCreate(user);
    await fillDomain(user, dialog);
    await save(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Unable to create Alert\.$/);
  });

  it('updates a rule from its own values; a failure says "Unable to update Alert."', async () => {
    const user = userEvent.setup();
    renderAnalytics(<AlertsSection />, '/msas/monitoring/alerts');
    await user.click(await screen.findByRole('button', { name: 'Edit Failures on example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Failures on example.com' });
    // The rule's params come back camelCased by the client; the form keeps the wire names.
    expect(await within(dialog).findByLabelText('Threshold (%)')).toHaveValue(12.5);
    expect(within(dialog).getByLabelText('Domain')).toHaveValue('example.com');
    expect(within(dialog).getByLabelText('Time frame')).toHaveValue('7d');
    world.fail = { 'PATCH alert/1': { status: 500, body: {} } };
    await save(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Unable to update Alert\.$/);
    world.fail = {};
    await save(user, dialog);
    expect(await screen.findByText('Alert condition has been updated.')).toBeInTheDocument();
    expect(writes().at(-1)).toMatchObject({
      method: 'PATCH',
      path: 'alert/1',
      body: {
        params: { threshold_percent: 12.5, min_messages: 100 },
        destination_addresses: ['ops@example.com'],
      },
    });
  });
});

describe('Backtest', { timeout: 20_000 }, () => {
  it('waits for a complete scope, asks once after typing stops, and shows how often and on which days', async () => {
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    const panel = within(dialog).getByRole('region', { name: 'Backtest: the last 30 days' });
    expect(panel).toHaveTextContent('Complete the scope to see how often this rule would have fired.');
    await fillDomain(user, dialog);
    expect(
      await within(panel).findByText(
        'This rule would have fired 3 times from Oct 26, 2026 to Nov 24, 2026.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    const spans = within(panel).getByRole('list', { name: 'When it would have fired' });
    expect(
      within(spans)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'example.com: firing from Nov 2, 2026 to Nov 3, 2026, recovered on Nov 4, 2026',
      'example.com: fired on Nov 9, 2026, recovered on Nov 10, 2026',
      'example.com: firing from Nov 20, 2026 to Nov 24, 2026, still firing on Nov 24, 2026',
    ]);
    // Eleven keystrokes, one call: the form had stopped changing.
    expect(backtests()).toHaveLength(1);
    expect(backtests()[0].body).toEqual({
      name: '',
      scope_type: 'domain',
      target_selection: 'example.com',
      condition: 'dmarc_failure_rate',
      time_frame: '1d',
      params: { threshold_percent: 10, min_messages: 100 },
    });
  });

  it('asks again when a parameter changes, and says when the rule would not have fired', async () => {
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await fillDomain(user, dialog);
    const panel = within(dialog).getByRole('region', { name: 'Backtest: the last 30 days' });
    await within(panel).findByText(/would have fired 3 times/, {}, { timeout: 3000 });
    world.backtest = { ...world.backtest, fired_count: 0, days: [], timeline: [], timeline_subjects: 0 };
    await user.selectOptions(within(dialog).getByLabelText('Time frame'), '30d');
    expect(
      await within(panel).findByText(
        'This rule would not have fired from Oct 26, 2026 to Nov 24, 2026.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(backtests().map((c) => (c.body as { time_frame: string }).time_frame)).toEqual(['1d', '30d']);
  });

  it('says when the condition has no history to backtest', async () => {
    const user = userEvent.setup();
    world.backtest = {
      ...world.backtest,
      available: false,
      fired_count: null,
      days: [],
      timeline: [],
      timeline_subjects: 0,
    };
    const dialog = await openCreate(user);
    await fillDomain(user, dialog);
    const panel = within(dialog).getByRole('region', { name: 'Backtest: the last 30 days' });
    expect(
      await within(panel).findByText(/not available for this condition/, {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(within(panel).queryByText(/would not have fired/)).toBeNull();
  });

  it('shows the server’s reason when the backtest is refused', async () => {
    const user = userEvent.setup();
    world.fail = { 'POST backtest': { status: 400, body: { target_selection: ['Unknown domain.'] } } };
    const dialog = await openCreate(user);
    await fillDomain(user, dialog);
    expect(
      await within(dialog).findByText('The backtest could not run: Unknown domain.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('counts in Portuguese', async () => {
    alertsServer.use(userHandler('pt'));
    await setLanguage('pt');
    const user = userEvent.setup();
    renderAnalytics(<AlertsSection />, '/msas/monitoring/alerts');
    await user.click(await screen.findByRole('button', { name: 'Criar alerta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo alerta' });
    await within(dialog).findByRole('option', { name: 'Taxa de falha DMARC' });
    await user.type(within(dialog).getByLabelText('Domínio'), 'example.com');
    expect(
      await within(dialog).findByText(
        'Esta regra teria disparado 3 vezes de 26 de out. de 2026 a 24 de nov. de 2026.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'example.com: disparando de 2 de nov. de 2026 a 3 de nov. de 2026, recuperado em 4 de nov. de 2026',
      ),
    ).toBeInTheDocument();
  });
  it('sends the webhook format, and the PagerDuty routing key only when that format is chosen', async () => {
    const user = userEvent.setup();
    const dialog = await openCreate(user);
    await fillDomain(user, dialog);
    await user.type(within(dialog).getByLabelText('Webhook URL (optional)'), 'https://events.example/hook');
    expect(within(dialog).queryByLabelText('PagerDuty routing key')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Webhook format'), 'pagerduty');
    const key = within(dialog).getByLabelText('PagerDuty routing key');
    expect(key).toHaveAttribute('type', 'password');
    await user.type(key, 'R0utingKey0123456789abcdefABCDEF');
    await save(user, dialog);
    expect(await screen.findByText('Alert created sucessfully.')).toBeInTheDocument();
    expect(writes()[0]!.body).toMatchObject({
      webhook_url: 'https://events.example/hook',
      webhook_format: 'pagerduty',
      webhook_routing_key: 'R0utingKey0123456789abcdefABCDEF',
    });
  });
});
