import { z } from 'zod';
import { code, type ErrorCode } from './error-codes';
import { detailErrorSchema } from './errors';
import { benefitsSchema } from './auth';
import { emailField, text } from './fields';
import { answerExample, bodyExample, sample } from './example';
import { listDocument, listExample, pageQueryShape } from './paging';

// Billing on the wire (snake_case), under /api/pg (spec section 7, Payments; docs/BILLING.md). Stripe is the
// payment provider: products and prices come from it, a subscription row mirrors the organization's Stripe
// subscription as the webhooks and the nightly reconciliation last saw it. Billing is off unless the server
// has STRIPE_SECRET_KEY: products then answer an empty list with billing_enabled false, the other calls 503.

/** The messages of spec section 8; the SPA shows `detail` of a failed call, else the first one. */
// Codes of the errors catalogue (locales/<lang>/errors.json), which holds their texts.
export const billingMessages = {
  contactSupport: 'billing_contact_support',
  tryLater: 'billing_try_later',
  cancelFailed: 'billing_cancel_failed',
  disabled: 'billing_disabled',
  noSubscription: 'billing_no_subscription',
  noTrial: 'billing_no_trial',
  noCustomer: 'billing_no_customer',
  alreadySubscribed: 'billing_already_subscribed',
  unknownPrice: 'invalid_choice',
  badReturnUrl: 'billing_return_url',
  /** A write of a Cancelled organization (spec section 4's toast). */
  readOnly: 'billing_read_only',
} as const satisfies Record<string, ErrorCode>;

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

// Example values the documents below share (Stripe's id prefixes; cents).
const benefitsExample = {
  domains: 20,
  campaigns: 0,
  campaign_recipients: 0,
  retention: 365,
  alerts: 20,
  digest_reports: 10,
  dns_zones: 20,
};
// One invoice, in the /api/pg document and the legacy host's (which counts time in Unix seconds).
const invoiceExample = {
  number: 'MSAS-0001',
  currency: 'eur',
  amount_due: 2900,
  amount_paid: 2900,
  status: 'paid',
  hosted_invoice_url: 'https://invoice.stripe.com/i/acct_1/in_1Pro',
  invoice_pdf: 'https://pay.stripe.com/invoice/acct_1/in_1Pro/pdf',
} as const;
const priceExample: PriceWire = {
  id: 'price_1Pro',
  currency: 'eur',
  unit_amount: 2900,
  interval: 'month',
  interval_count: 1,
};

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
    .regex(/^[a-zA-Z]{3}$/, code('currency_invalid'))
    .transform((c) => c.toLowerCase())
    .optional(),
});
export const productListDocument = answerExample(
  z.object({ billing_enabled: z.boolean(), data: z.array(productSchema) }),
  {
    billing_enabled: true,
    data: [
      {
        id: 'prod_Pro',
        name: 'Pro',
        description: 'Twenty domains, a year of history.',
        benefits: benefitsExample,
        trial_days: 14,
        prices: [priceExample],
      },
    ],
  },
);

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
const subscriptionExample: SubscriptionResource = {
  type: 'subscriptions',
  id: 3,
  attributes: {
    stripe_subscription_id: 'sub_1Pro',
    status: 'active',
    access: 'full',
    force_reload: false,
    start_date: sample.time,
    end_date: '2026-06-04T09:30:00.000Z',
    trial_end: null,
    cancel_at_period_end: false,
    canceled_at: null,
    benefits: benefitsExample,
    product_id: 'prod_Pro',
    product_name: 'Pro',
    price: priceExample,
    payment_method: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    updated_at: sample.time,
  },
};
export const subscriptionDocument = answerExample(z.object({ data: subscriptionResource }), {
  data: subscriptionExample,
});
export const subscriptionListDocument = listExample(
  listDocument(subscriptionResource),
  '/api/pg/payments/subscriptions/',
  [subscriptionExample],
);
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
export const invoiceListDocument = listExample(listDocument(invoiceResource), '/api/pg/payments/invoices/', [
  {
    type: 'invoices',
    id: 'in_1Pro',
    attributes: {
      ...invoiceExample,
      created: sample.time,
      period_start: sample.time,
      period_end: '2026-06-04T09:30:00.000Z',
    },
  },
]);
export const invoiceListQuery = z.object({
  ...pageQueryShape,
  status: invoiceStatusSchema.optional(),
});

// A return address: a path of this site ("/msas/settings/billing") or an absolute URL on PUBLIC_URL's origin.
const returnUrl = () => text(2000);

// POST /api/pg/payments/checkout/ -> the Checkout page (spec: cancelUrl, successUrl, url). The browser goes
// to `url`; Stripe sends it back to success_url (with ?session_id=) or cancel_url.
export const checkoutBody = bodyExample(
  z.object({ price: text(255), success_url: returnUrl(), cancel_url: returnUrl() }),
  { price: 'price_1Pro', success_url: '/msas/settings/billing', cancel_url: '/msas/settings/subscriptions' },
);
export const checkoutDocument = answerExample(
  z.object({ id: z.string(), url: z.string(), success_url: z.string(), cancel_url: z.string() }),
  {
    id: 'cs_test_1Pro',
    url: 'https://checkout.stripe.com/c/pay/cs_test_1Pro',
    success_url: 'https://dmarc.example.com/msas/settings/billing?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://dmarc.example.com/msas/settings/subscriptions',
  },
);

// POST /api/pg/payments/portal/ (201) -> the portal page (spec: return_url, url).
export const portalBody = bodyExample(z.object({ return_url: returnUrl() }), {
  return_url: '/msas/settings/billing',
});
export const portalDocument = answerExample(z.object({ url: z.string(), return_url: z.string() }), {
  url: 'https://billing.stripe.com/p/session/test_1Pro',
  return_url: 'https://dmarc.example.com/msas/settings/billing',
});

// POST /api/pg/payments/subscriptions/end_trial/, .../cancel/, .../resume/ answer the reloaded subscription.
export const emptyBody = bodyExample(z.object({}).strict(), {});

// ---- The legacy payment host (docs/BILLING.md "Legacy payment host"), JSON in and out, under /legacy-payments.
export const legacyCustomerBody = bodyExample(z.object({ email: emailField().optional() }), {
  email: sample.email,
});
export const legacyCustomerDocument = answerExample(z.object({ customerId: z.string() }), {
  customerId: 'cus_1Pro',
});
export const legacyCheckoutBody = bodyExample(
  z.object({ priceId: text(255), successUrl: returnUrl(), cancelUrl: returnUrl() }),
  { priceId: 'price_1Pro', successUrl: '/msas/settings/billing', cancelUrl: '/msas/settings/subscriptions' },
);
export const legacyUrlDocument = answerExample(z.object({ url: z.string() }), {
  url: 'https://checkout.stripe.com/c/pay/cs_test_1Pro',
});
export const legacyPaymentIntentBody = bodyExample(z.object({ priceId: text(255) }), {
  priceId: 'price_1Pro',
});
export const legacyPaymentIntentDocument = answerExample(
  z.object({ subscriptionId: z.string(), clientSecret: z.string().nullable() }),
  { subscriptionId: 'sub_1Pro', clientSecret: 'pi_1Pro_secret_example' },
);
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
export const legacyInvoiceList = answerExample(z.object({ invoices: z.array(legacyInvoice) }), {
  invoices: [
    {
      id: 'in_1Pro',
      ...invoiceExample,
      created: 1777887000,
    },
  ],
});
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
const legacySubscriptionExample: z.output<typeof legacySubscription> = {
  id: 'sub_1Pro',
  status: 'active',
  cancel_at_period_end: false,
  current_period_start: 1777887000,
  current_period_end: 1780479000,
  trial_end: null,
  price: 'price_1Pro',
  product: 'prod_Pro',
};
export const legacySubscriptionList = answerExample(
  z.object({ subscriptions: z.array(legacySubscription) }),
  { subscriptions: [legacySubscriptionExample] },
);
export const legacyPortalBody = bodyExample(z.object({ returnUrl: returnUrl() }), {
  returnUrl: '/msas/settings/billing',
});
export const legacyCancelBody = bodyExample(z.object({ subscriptionId: text(255) }), {
  subscriptionId: 'sub_1Pro',
});
export const legacyCancelDocument = answerExample(z.object({ subscription: legacySubscription }), {
  subscription: { ...legacySubscriptionExample, cancel_at_period_end: true },
});

/** 502 (Stripe could not be reached or refused) and 503 (billing off): the message only. */
export const billingErrorDocument = detailErrorSchema;

// POST /api/pg/stripe/webhook/: Stripe's deliveries (raw JSON, Stripe-Signature); how the event was taken.
export const webhookAnswer = answerExample(
  z.object({ received: z.literal(true), outcome: z.enum(['applied', 'ignored', 'replayed']) }),
  { received: true, outcome: 'applied' },
);
