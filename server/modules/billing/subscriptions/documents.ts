import type { Selectable } from 'kysely';
import type { BillingInvoicesTable, BillingSubscriptionsTable } from '../../../db/schema-billing';
import type { SubscriptionStatus } from '../../../../contract/billing';
import { benefitsFor } from '../../shared/roles';
import { accessOf, claimStatusOf } from './plan';

// Rows to the wire shapes of contract/billing.ts.
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function subscriptionResourceOf(
  row: Selectable<BillingSubscriptionsTable>,
  tokenStatus: string | null | undefined,
) {
  return {
    type: 'subscriptions' as const,
    id: row.id,
    attributes: {
      stripe_subscription_id: row.stripe_subscription_id,
      status: row.status as SubscriptionStatus,
      access: accessOf(row.status),
      force_reload: tokenStatus !== undefined && tokenStatus !== claimStatusOf(row.status),
      start_date: iso(row.current_period_start),
      end_date: iso(row.current_period_end),
      trial_end: iso(row.trial_end),
      cancel_at_period_end: row.cancel_at_period_end,
      canceled_at: iso(row.canceled_at),
      benefits: benefitsFor(row.benefits),
      product_id: row.product_id,
      product_name: row.product_name,
      price: row.price,
      payment_method: row.payment_method,
      updated_at: row.updated_at.toISOString(),
    },
  };
}

export function invoiceResourceOf(row: Selectable<BillingInvoicesTable>) {
  return {
    type: 'invoices' as const,
    id: row.stripe_invoice_id,
    attributes: {
      number: row.number,
      created: row.created.toISOString(),
      period_start: iso(row.period_start),
      period_end: iso(row.period_end),
      currency: row.currency,
      amount_due: Number(row.amount_due),
      amount_paid: Number(row.amount_paid),
      status: row.status as 'draft' | 'open' | 'paid' | 'uncollectible' | 'void',
      hosted_invoice_url: row.hosted_invoice_url,
      invoice_pdf: row.invoice_pdf,
    },
  };
}
