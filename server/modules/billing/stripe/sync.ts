import type Stripe from 'stripe';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import type { StoredCard, StoredPrice } from '../../../db/schema-billing';
import { insertAuditOperation } from '../../shared/audit-repo';
import { accessOf, benefitsOf, claimStatusOf } from '../subscriptions/plan';
import { notifyPastDue } from '../subscriptions/notify';
import {
  currentSubscription,
  lockOrganization,
  organizationByCustomer,
  subscriptionByStripeId,
  upsertInvoice,
  upsertSubscription,
} from '../repo';

// Applying Stripe's state to msas. Events arrive late, twice and out of order (Stripe documents no order), so
// nothing here trusts an event's copy of an object: each change re-reads the object from Stripe inside a
// transaction that holds the organization's row, and writes what Stripe says now. Two deliveries about one
// subscription therefore end in the same rows whatever their order.
const date = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** The organization a Stripe object belongs to: known row, then our metadata, then the customer. */
export async function organizationFor(
  db: Db,
  refs: { subscriptionId?: string | null; organization?: string | null; customerId?: string | null },
): Promise<number | null> {
  if (refs.subscriptionId) {
    const row = await subscriptionByStripeId(db, refs.subscriptionId);
    if (row) return row.organization_id;
  }
  if (refs.customerId) {
    const org = await organizationByCustomer(db, refs.customerId);
    if (org) return org.id;
  }
  const fromMetadata =
    refs.organization && /^\d{1,15}$/.test(refs.organization) ? Number(refs.organization) : null;
  return fromMetadata;
}

function cardOf(pm: string | Stripe.PaymentMethod | null | undefined): StoredCard | null {
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  const { brand, last4, exp_month, exp_year } = pm.card;
  return { brand, last4, exp_month, exp_year };
}

function priceOf(price: Stripe.Price): StoredPrice {
  return {
    id: price.id,
    currency: price.currency,
    unit_amount: price.unit_amount,
    interval: price.recurring?.interval ?? null,
    interval_count: price.recurring?.interval_count ?? null,
  };
}

export type Applied = { organizationId: number; status: string; claimChanged: boolean };

/**
 * Re-reads one subscription and writes it, the organization's status, trial end, benefits and customer.
 * Runs inside the caller's transaction; null when the subscription belongs to no organization of this instance.
 */
export async function syncSubscription(
  ctx: AppContext,
  db: Db,
  stripe: Stripe,
  subscriptionId: string,
  hint: { organization?: string | null; customerId?: string | null; organizationId?: number | null },
  cause: string,
  outbox: number[],
): Promise<Applied | null> {
  // An invoice's event has just found the organization by the same subscription: no second look-up.
  const organizationId = hint.organizationId ?? (await organizationFor(db, { subscriptionId, ...hint }));
  if (organizationId === null) return null;
  const org = await lockOrganization(db, organizationId);
  if (!org) return null;
  const sub = await stripe.subscriptions.retrieve(subscriptionId, {
    expand: [
      'default_payment_method',
      'customer.invoice_settings.default_payment_method',
      'items.data.price.product',
    ],
  });
  const customer = sub.customer as Stripe.Customer | Stripe.DeletedCustomer;
  if (org.stripe_customer_id && org.stripe_customer_id !== customer.id) {
    ctx.logger.warn({ organizationId, subscription: sub.id }, 'subscription of another customer ignored');
    return null;
  }
  const item = sub.items.data[0];
  const product =
    item && typeof item.price.product === 'object' ? (item.price.product as Stripe.Product) : null;
  const defaultCard = 'deleted' in customer ? null : customer.invoice_settings?.default_payment_method;
  await upsertSubscription(db, {
    organization_id: organizationId,
    stripe_subscription_id: sub.id,
    stripe_customer_id: customer.id,
    status: sub.status,
    product_id: product?.id ?? idOf(item?.price.product as string | null),
    product_name: product && !product.deleted ? product.name : null,
    price: JSON.stringify(item ? priceOf(item.price) : null),
    benefits: JSON.stringify(benefitsOf(product && !product.deleted ? product.metadata : null)),
    payment_method: JSON.stringify(cardOf(sub.default_payment_method) ?? cardOf(defaultCard)),
    // The current API keeps the billing period on the subscription's items.
    current_period_start: date(item?.current_period_start),
    current_period_end: date(item?.current_period_end),
    trial_end: date(sub.trial_end),
    cancel_at_period_end: sub.cancel_at_period_end,
    canceled_at: date(sub.canceled_at),
    ended_at: date(sub.ended_at),
  });
  const current = (await currentSubscription(db, organizationId))!;
  const claim = claimStatusOf(current.status);
  const before = org.subscription_status;
  await db
    .updateTable('organizations')
    .set({
      subscription_status: claim,
      trial_end_date: current.status === 'trialing' ? current.trial_end : null,
      is_stripe: true,
      stripe_customer_id: customer.id,
      benefits: JSON.stringify(current.benefits),
    })
    .where('id', '=', organizationId)
    .execute();
  await db
    .updateTable('users')
    .set({ stripe_customer_id: customer.id })
    .where('organization_id', '=', organizationId)
    .where((eb) => eb.or([eb('stripe_customer_id', 'is', null), eb('stripe_customer_id', '!=', customer.id)]))
    .execute();
  await insertAuditOperation(db, {
    // One name for every cause (a webhook event's type, reconcile, a console or legacy call): the cause
    // is in the request, so the audit page has one label for it in each language.
    name: 'billing.subscription.sync',
    user_id: null,
    organization_id: organizationId,
    request: { cause, subscription: sub.id, status: sub.status, previous: before },
    response_status: 200,
  });
  if (before !== claim && accessOf(current.status) === 'past_due')
    await notifyPastDue(ctx, db, organizationId, current.product_name ?? '', outbox);
  return { organizationId, status: sub.status, claimChanged: before !== claim };
}

/** Re-reads one invoice and keeps it for Settings -> Billing. */
export async function syncInvoice(
  ctx: AppContext,
  db: Db,
  stripe: Stripe,
  invoiceId: string,
): Promise<number | null> {
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const details = invoice.parent?.subscription_details ?? null;
  const organizationId = await organizationFor(db, {
    subscriptionId: idOf(details?.subscription),
    organization: details?.metadata?.organization ?? null,
    customerId: idOf(invoice.customer as string | null),
  });
  if (organizationId === null || !invoice.id) return null;
  await upsertInvoice(db, {
    organization_id: organizationId,
    stripe_invoice_id: invoice.id,
    stripe_subscription_id: idOf(details?.subscription),
    number: invoice.number,
    status: invoice.status ?? 'draft',
    currency: invoice.currency,
    amount_due: invoice.amount_due,
    amount_paid: invoice.amount_paid,
    created: new Date(invoice.created * 1000),
    period_start: date(invoice.period_start),
    period_end: date(invoice.period_end),
    hosted_invoice_url: invoice.hosted_invoice_url ?? null,
    invoice_pdf: invoice.invoice_pdf ?? null,
  });
  ctx.logger.debug({ organizationId, invoice: invoice.id, status: invoice.status }, 'invoice synced');
  return organizationId;
}
