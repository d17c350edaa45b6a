import { operation } from '../operation';
import {
  billingErrorDocument,
  checkoutBody,
  checkoutDocument,
  invoiceListDocument,
  invoiceListQuery,
  portalBody,
  portalDocument,
  emptyBody,
  subscriptionDocument,
  productListDocument,
  productListQuery,
  subscriptionListDocument,
  subscriptionListQuery,
  webhookAnswer,
} from '../billing';

// Stripe's own failures: 502 when it answered badly, 503 when it is not reachable or not configured.
const provider = { 502: billingErrorDocument, 503: billingErrorDocument };

// End trial, cancel, resume: one shape, three paths.
const change = {
  method: 'POST',
  tag: 'billing',
  auth: 'bearer',
  body: emptyBody.optional(),
  responses: { 200: subscriptionDocument, 409: billingErrorDocument, ...provider },
  errors: [401, 403, 404],
} as const;

// Plans, subscriptions, invoices and Stripe (/api/pg/).
export const billingOps = {
  products: operation({
    method: 'GET',
    path: '/api/pg/payments/products/',
    tag: 'billing',
    summary:
      'The plans on offer with their prices (public; empty with billing_enabled false when billing is off)',
    auth: 'public',
    query: productListQuery,
    responses: { 200: productListDocument, 502: billingErrorDocument },
    errors: [400],
  }),
  subscriptions: operation({
    method: 'GET',
    path: '/api/pg/payments/subscriptions/',
    tag: 'billing',
    summary: "The organization's subscriptions, the current one first",
    auth: 'bearer',
    query: subscriptionListQuery,
    responses: { 200: subscriptionListDocument },
    errors: [400, 401, 403],
  }),
  invoices: operation({
    method: 'GET',
    path: '/api/pg/payments/invoices/',
    tag: 'billing',
    summary: "The organization's invoices, newest first",
    auth: 'bearer',
    query: invoiceListQuery,
    responses: { 200: invoiceListDocument },
    errors: [400, 401, 403],
  }),
  checkout: operation({
    method: 'POST',
    path: '/api/pg/payments/checkout/',
    tag: 'billing',
    summary: 'Start a Stripe Checkout for a price (subscription mode; the trial of the product)',
    auth: 'bearer',
    body: checkoutBody,
    responses: { 200: checkoutDocument, 409: billingErrorDocument, ...provider },
    errors: [400, 401, 403],
  }),
  portal: operation({
    method: 'POST',
    path: '/api/pg/payments/portal/',
    tag: 'billing',
    summary: "Open Stripe's customer portal (card, plan change, cancellation)",
    auth: 'bearer',
    body: portalBody,
    responses: { 201: portalDocument, 409: billingErrorDocument, ...provider },
    errors: [400, 401, 403],
  }),
  webhook: operation({
    method: 'POST',
    path: '/api/pg/stripe/webhook/',
    tag: 'billing',
    summary: "Stripe's webhook deliveries (Stripe-Signature on the raw JSON body; each event applied once)",
    auth: 'public',
    responses: { 200: webhookAnswer, 503: billingErrorDocument },
    errors: [400],
  }),
  endTrial: operation({
    ...change,
    path: '/api/pg/payments/subscriptions/end_trial/',
    summary: 'End the trial now: the first period is charged',
  }),
  cancel: operation({
    ...change,
    path: '/api/pg/payments/subscriptions/cancel/',
    summary: 'Cancel at the end of the paid period',
  }),
  resume: operation({
    ...change,
    path: '/api/pg/payments/subscriptions/resume/',
    summary: 'Keep a subscription that was set to cancel',
  }),
};
