import { z } from 'zod';
import { benefitsSchema } from './auth';
import { emailField, text } from './fields';
import { listDocument, pageQueryShape } from './paging';

// Billing on the wire (snake_case), under /api/pg (spec section 7, Payments; docs/BILLING.md). Stripe is the
// payment provider: products and prices come from it, a subscription row mirrors the organization's Stripe
// subscription as the webhooks and the nightly reconciliation last saw it. Billing is off unless the server
// has STRIPE_SECRET_KEY: products then answer an empty list with billing_enabled false, the other calls 503.

/** The messages of spec section 8; the SPA shows `detail` of a failed call, else the first one. */
export const billingMessages = {
  contactSupport: 'Something went wrong, please contact support or try again later.',
  tryLater: 'Something went wrong, please try again later.',
  cancelFailed: 'Something went wrong while cancelling your subscription.',
  disabled: 'Billing is not enabled on this server.',
  noSubscription: 'This organization has no subscription.',
  noTrial: 'The subscription is not in a trial.',
  noCustomer: 'This organization has no billing account yet. Choose a plan first.',
  alreadySubscribed: 'This organization already has a subscription. Change the plan in the billing portal.',
  unknownPrice: 'Not a valid choice.',
  badReturnUrl: 'Enter an address of this site.',
} as const;

/** Stripe's subscription statuses (API reference, "The Subscription object", status). */
export const subscriptionStatuses = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export const subscriptionStatusSchema = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/**
 * What a status allows: `full`, `full` with the past-due banner (`past_due`), or `cancelled` (read-only and
 * the redirect of spec section 4; the token's subscription_status is then "Cancelled").
 */
export const accessSchema = z.enum(['full', 'past_due', 'cancelled']);

/** A plan's limits: the organization benefits of contract/auth.ts, defaults filled in. */
export const planBenefitsSchema = benefitsSchema;

export const priceSchema = z.object({
  id: z.string(),
  currency: z.string(),
  /** In the currency's smallest unit (cents), as Stripe counts it. */
  unit_amount: z.number().int().nullable(),
  /** day, week, month or year. */
  interval: z.string().nullable(),
  interval_count: z.number().int().nullable(),
});
export type PriceWire = z.infer<typeof priceSchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  benefits: planBenefitsSchema,
  /** Days of trial a first checkout of this product starts with (product metadata trial_days). */
  trial_days: z.number().int().nullable(),
  /** Active recurring prices; with ?currency= only that currency's (falling back to every price). */
  prices: z.array(priceSchema),
});
export type ProductWire = z.infer<typeof productSchema>;

// GET /api/pg/payments/products/ (public)
export const productListQuery = z.object({
  currency: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, 'Enter a three-letter currency code.')
    .transform((c) => c.toLowerCase())
    .optional(),
});
export const productListDocument = z.object({
  billing_enabled: z.boolean(),
  data: z.array(productSchema),
});

export const paymentMethodSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});

// The subscription of spec section 3 (id; stripeSubscriptionId, status, forceReload, startDate, endDate,
// benefits, productName) plus what the Subscriptions and Billing pages show.
export const subscriptionResource = z.object({
  type: z.literal('subscriptions'),
  id: z.number().int(),
  attributes: z.object({
    stripe_subscription_id: z.string(),
    status: subscriptionStatusSchema,
    access: accessSchema,
    /** The caller's token says another subscription_status: refresh the token (POST refresh) now. */
    force_reload: z.boolean(),
    /** Start of the current billing period (the subscription items' current_period_start). */
    start_date: z.string().nullable(),
    /** End of the current billing period: the renewal date, or the last day of a cancelled plan. */
    end_date: z.string().nullable(),
    trial_end: z.string().nullable(),
    cancel_at_period_end: z.boolean(),
    canceled_at: z.string().nullable(),
    benefits: planBenefitsSchema,
    product_id: z.string().nullable(),
    product_name: z.string().nullable(),
    price: priceSchema.nullable(),
    payment_method: paymentMethodSchema.nullable(),
    updated_at: z.string(),
  }),
});
export type SubscriptionResource = z.output<typeof subscriptionResource>;
export const subscriptionDocument = z.object({ data: subscriptionResource });
export const subscriptionListDocument = listDocument(subscriptionResource);
export const subscriptionListQuery = z.object({ ...pageQueryShape });

export const invoiceStatusSchema = z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']);
export const invoiceResource = z.object({
  type: z.literal('invoices'),
  id: z.string(),
  attributes: z.object({
    number: z.string().nullable(),
    created: z.string(),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
    currency: z.string(),
    amount_due: z.number().int(),
    amount_paid: z.number().int(),
    status: invoiceStatusSchema,
    hosted_invoice_url: z.string().nullable(),
    invoice_pdf: z.string().nullable(),
  }),
});
export const invoiceListDocument = listDocument(invoiceResource);
export const invoiceListQuery = z.object({
  ...pageQueryShape,
  status: invoiceStatusSchema.optional(),
});

// A return address: a path of this site ("/msas/settings/billing") or an absolute URL on PUBLIC_URL's origin.
const returnUrl = () => text(2000);

// POST /api/pg/payments/checkout/ -> the Checkout page (spec: cancelUrl, successUrl, url). The browser goes
// to `url`; Stripe sends it back to success_url (with ?session_id=) or cancel_url.
export const checkoutBody = z.object({
  price: text(255),
  success_url: returnUrl(),
  cancel_url: returnUrl(),
});
export const checkoutDocument = z.object({
  id: z.string(),
  url: z.string(),
  success_url: z.string(),
  cancel_url: z.string(),
});

// POST /api/pg/payments/portal/ (201) -> the portal page (spec: return_url, url).
export const portalBody = z.object({ return_url: returnUrl() });
export const portalDocument = z.object({ url: z.string(), return_url: z.string() });

// POST /api/pg/payments/subscriptions/end_trial/, .../cancel/, .../resume/ answer the reloaded subscription.
export const emptyBody = z.object({}).strict();

// ---- The legacy payment host (docs/BILLING.md "Legacy payment host"), JSON in and out, under /legacy-payments.
export const legacyCustomerBody = z.object({ email: emailField().optional() });
export const legacyCustomerDocument = z.object({ customerId: z.string() });
export const legacyCheckoutBody = z.object({
  priceId: text(255),
  successUrl: returnUrl(),
  cancelUrl: returnUrl(),
});
export const legacyUrlDocument = z.object({ url: z.string() });
export const legacyPaymentIntentBody = z.object({ priceId: text(255) });
export const legacyPaymentIntentDocument = z.object({
  subscriptionId: z.string(),
  clientSecret: z.string().nullable(),
});
export const legacyCustomerQuery = z.object({ customer: text(255) });
export const legacyInvoice = z.object({
  id: z.string(),
  number: z.string().nullable(),
  created: z.number().int(),
  currency: z.string(),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  status: z.string().nullable(),
  hosted_invoice_url: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
});
export const legacyInvoiceList = z.object({ invoices: z.array(legacyInvoice) });
export const legacySubscription = z.object({
  id: z.string(),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  current_period_start: z.number().int().nullable(),
  current_period_end: z.number().int().nullable(),
  trial_end: z.number().int().nullable(),
  price: z.string().nullable(),
  product: z.string().nullable(),
});
export const legacySubscriptionList = z.object({ subscriptions: z.array(legacySubscription) });
export const legacyPortalBody = z.object({ returnUrl: returnUrl() });
export const legacyCancelBody = z.object({ subscriptionId: text(255) });
export const legacyCancelDocument = z.object({ subscription: legacySubscription });

/** 502 (Stripe could not be reached or refused) and 503 (billing off): the message only. */
export const billingErrorDocument = z.object({ detail: z.string() });

// POST /api/pg/stripe/webhook/: Stripe's deliveries (raw JSON, Stripe-Signature); how the event was taken.
export const webhookAnswer = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'ignored', 'replayed']),
});
