import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderAnalytics } from '../analytics/testing/renderAnalytics';
import { AlertsSection } from './components/AlertsSection';
import { alertsServer, resetWorld, timelineRow, userHandler, world } from './testing/alertsServer';

// The form's backtest drawn as a timeline (issue 35, item 8): one row per subject, firing spans and
// recovery marks, each day's numbers on hover and on the keyboard, in the reader's language.

beforeAll(() => alertsServer.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  alertsServer.resetHandlers();
  resetWorld();
  localStorage.clear();
  await setLanguage('en');
});
afterAll(() => alertsServer.close());

type User = ReturnType<typeof userEvent.setup>;

/** Opens the create form, types the domain and waits for the backtest's timeline. */
async function backtestPanel(user: User, lang: 'en' | 'pt') {
  const en = lang === 'en';
  renderAnalytics(<AlertsSection />, '/msas/monitoring/alerts');
  await user.click(await screen.findByRole('button', { name: en ? 'Create alert' : 'Criar alerta' }));
  const dialog = await screen.findByRole('dialog', { name: en ? 'New alert' : 'Novo alerta' });
  await within(dialog).findByRole('option', { name: en ? 'DMARC failure rate' : 'Taxa de falha DMARC' });
  await user.type(within(dialog).getByLabelText(en ? 'Domain' : 'Domínio'), 'example.com');
  const title = en ? 'Backtest: the last 30 days' : 'Teste retroativo: últimos 30 dias';
  const panel = within(dialog).getByRole('region', { name: title });
  await within(panel).findAllByRole('slider', {}, { timeout: 3000 });
  return panel;
}

const cells = (row: HTMLElement, state: string) => row.querySelectorAll(`[data-state="${state}"]`).length;
const cell = (row: HTMLElement, day: string) => row.querySelector<HTMLElement>(`[data-day="${day}"]`)!;

describe('Backtest timeline', { timeout: 20_000 }, () => {
  it('draws a row per subject with its firing spans and recoveries, and the day’s numbers on hover', async () => {
    const user = userEvent.setup();
    const panel = await backtestPanel(user, 'en');
    const rows = within(panel).getAllByRole('slider');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Days of example.com',
      'Days of mail.example.com',
    ]);
    const row = rows[0]!;
    // Three firings over 8 days, two of them recovered; the quiet subject shows 28 clear days.
    expect([cells(row, 'firing'), cells(row, 'recovered'), cells(row, 'no_data')]).toEqual([8, 2, 2]);
    expect(row.querySelectorAll('[data-start]').length).toBe(3);
    expect([cells(rows[1]!, 'ok'), cells(rows[1]!, 'firing')]).toEqual([28, 0]);
    expect(within(panel).queryByRole('tooltip')).toBeNull();
    await user.hover(cell(row, '2026-11-03'));
    expect(within(panel).getByRole('tooltip')).toHaveTextContent(
      'Nov 3, 2026: firing · rate (%) 12.5 · failed 138 · messages 1,100',
    );
    await user.hover(cell(row, '2026-11-04'));
    expect(within(panel).getByRole('tooltip')).toHaveTextContent(
      'Nov 4, 2026: recovered · rate (%) 4.75 · failed 50 · messages 1,050',
    );
    await user.hover(cell(row, '2026-10-26'));
    expect(within(panel).getByRole('tooltip')).toHaveTextContent(/^Oct 26, 2026: no data$/);
    await user.unhover(row);
    expect(within(panel).queryByRole('tooltip')).toBeNull();
  });

  it('moves through the days with the keyboard, the numbers read out as the slider’s value', async () => {
    const user = userEvent.setup();
    const panel = await backtestPanel(user, 'en');
    const row = within(panel).getByRole('slider', { name: 'Days of example.com' });
    act(() => row.focus());
    // Focus starts on the first day that fired.
    expect(row).toHaveAttribute('aria-valuenow', '8');
    expect(within(panel).getByRole('tooltip')).toHaveTextContent(
      'Nov 2, 2026: fired · rate (%) 14.2 · failed 175 · messages 1,234',
    );
    await user.keyboard('{ArrowRight}');
    expect(row).toHaveAttribute(
      'aria-valuetext',
      'Nov 3, 2026: firing · rate (%) 12.5 · failed 138 · messages 1,100',
    );
    await user.keyboard('{End}');
    expect(row).toHaveAttribute('aria-valuenow', '30');
    expect(within(panel).getByRole('tooltip')).toHaveTextContent(
      'Nov 24, 2026: firing · rate (%) 20 · failed 400 · messages 2,000',
    );
    await user.keyboard('{Home}{ArrowLeft}');
    expect(row).toHaveAttribute('aria-valuetext', 'Oct 26, 2026: no data');
    // Escape closes the tooltip, not the dialog; the next one closes the dialog.
    await user.keyboard('{Escape}');
    expect(within(panel).queryByRole('tooltip')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'New alert' })).toBeInTheDocument();
  });

  it('shows the numbers and the spans in Portuguese', async () => {
    alertsServer.use(userHandler('pt'));
    await setLanguage('pt');
    const user = userEvent.setup();
    const panel = await backtestPanel(user, 'pt');
    const row = within(panel).getByRole('slider', { name: 'Dias de example.com' });
    await user.hover(cell(row, '2026-11-03'));
    expect(within(panel).getByRole('tooltip')).toHaveTextContent(
      '3 de nov. de 2026: disparando · taxa (%) 12,5 · com falha 138 · mensagens 1.100',
    );
    act(() => row.focus());
    await user.keyboard('{End}');
    expect(row).toHaveAttribute(
      'aria-valuetext',
      '24 de nov. de 2026: disparando · taxa (%) 20 · com falha 400 · mensagens 2.000',
    );
    const spans = within(panel).getByRole('list', { name: 'Quando teria disparado' });
    expect(
      within(spans)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'example.com: disparando de 2 de nov. de 2026 a 3 de nov. de 2026, recuperado em 4 de nov. de 2026',
      'example.com: disparou em 9 de nov. de 2026, recuperado em 10 de nov. de 2026',
      'example.com: disparando de 20 de nov. de 2026 a 24 de nov. de 2026, ainda disparando em 24 de nov. de 2026',
    ]);
  });

  it('draws ten rows and counts the others', async () => {
    world.backtest = {
      ...world.backtest,
      timeline: Array.from({ length: 12 }, (_, i) =>
        timelineRow(`d${String(i).padStart(2, '0')}.example.com`, {}),
      ),
      timeline_subjects: 14,
    };
    const user = userEvent.setup();
    const panel = await backtestPanel(user, 'en');
    expect(within(panel).getAllByRole('slider')).toHaveLength(10);
    expect(within(panel).getByText('and 4 more subjects')).toBeInTheDocument();
  });
});
