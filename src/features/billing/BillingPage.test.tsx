import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderAnalytics } from '../analytics/testing/renderAnalytics';
import { BillingSection } from './components/BillingSection';
import { browserLocation } from './leave';
import { invoiceWire, world, writes, serveBilling } from './testing/billingServer';

serveBilling();

const show = () => renderAnalytics(<BillingSection />, '/msas/settings/billing');

describe('Settings → Billing', { timeout: 20_000 }, () => {
  it('lists the invoices with number, date, amount, status and Stripe’s PDF', async () => {
    world.invoices = [
      invoiceWire(),
      invoiceWire({
        id: 'in_2',
        number: null,
        created: '2026-11-20T10:00:00Z',
        amount_due: 120000,
        amount_paid: 0,
        currency: 'jpy',
        status: 'open',
        invoice_pdf: null,
      }),
    ];
    show();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('MSAS-0001');
    expect(first).toHaveTextContent('Nov 1, 2026');
    expect(first).toHaveTextContent('$49.00');
    expect(first).toHaveTextContent('Paid');
    expect(within(first).getByRole('link', { name: 'Invoice MSAS-0001 as PDF' })).toHaveAttribute(
      'href',
      'https://stripe.test/i/in_1.pdf',
    );
    // Yen has no minor unit: Stripe's 120000 is ¥120,000.
    expect(second).toHaveTextContent('¥120,000');
    expect(second).toHaveTextContent('Draft');
    expect(second).toHaveTextContent('Open');
    expect(within(second).queryByRole('link', { name: /PDF/ })).toBeNull();
  });

  it('shows the card and opens Stripe’s portal, which returns to this page', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    show();
    const payment = await screen.findByRole('region', { name: 'Payment method' });
    expect(await within(payment).findByText(/VISA ending in 4242/)).toBeVisible();
    expect(payment).toHaveTextContent('Expires 04/2030');
    await userEvent.click(within(payment).getByRole('button', { name: 'Open billing portal' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://stripe.test/p/1'));
    expect(writes()).toEqual([
      { method: 'POST', path: 'portal', body: { return_url: '/msas/settings/billing' } },
    ]);
  });

  it('tells a portal failure with the spec message, in Portuguese', async () => {
    await setLanguage('pt');
    world.user = { language: 'pt' };
    world.fail['POST portal'] = { status: 502, body: {} };
    show();
    const payment = await screen.findByRole('region', { name: 'Forma de pagamento' });
    await userEvent.click(await within(payment).findByRole('button', { name: 'Abrir portal de cobrança' }));
    expect(
      await screen.findByText(
        'Algo deu errado, entre em contato com o suporte ou tente novamente mais tarde.',
      ),
    ).toBeVisible();
  });

  it('before a first plan, sends the owner to choose one instead of to a portal that has no account', async () => {
    world.subscription = null;
    show();
    const payment = await screen.findByRole('region', { name: 'Payment method' });
    expect(await within(payment).findByText('No card on file yet.')).toBeVisible();
    expect(within(payment).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/msas/settings/subscriptions',
    );
    expect(within(payment).queryByRole('button', { name: 'Open billing portal' })).toBeNull();
  });

  it('says when there is no invoice yet, and when billing is off', async () => {
    world.invoices = [];
    const view = show();
    expect(await screen.findByText('No invoice yet.')).toBeVisible();
    view.unmount();
    world.enabled = false;
    show();
    expect(await screen.findByRole('heading', { name: 'Billing is off' })).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
