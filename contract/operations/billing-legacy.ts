import { operation } from '../operation';
import {
  billingErrorDocument,
  legacyCancelBody,
  legacyCancelDocument,
  legacyCheckoutBody,
  legacyCustomerBody,
  legacyCustomerDocument,
  legacyCustomerQuery,
  legacyInvoiceList,
  legacyPaymentIntentBody,
  legacyPaymentIntentDocument,
  legacyPortalBody,
  legacySubscriptionList,
  legacyUrlDocument,
} from '../billing';

// The legacy payment host of spec section 7 (docs/BILLING.md, "Legacy payment host"), JSON in and out.
const tag = 'billing-legacy';
const auth = 'bearer';
const errors = [400, 401, 403, 404] as const;
// A refusal of the organization's state (409) and Stripe out of reach (502, 503) in the billing error shape.
const refusals = { 409: billingErrorDocument, 502: billingErrorDocument, 503: billingErrorDocument };

export const legacyBillingOps = {
  customer: operation({
    method: 'POST',
    path: '/legacy-payments/customer',
    tag,
    summary: "The organization's Stripe customer (created on first call)",
    auth,
    body: legacyCustomerBody,
    responses: { 200: legacyCustomerDocument, ...refusals },
    errors,
  }),
  checkout: operation({
    method: 'POST',
    path: '/legacy-payments/payments/checkout',
    tag,
    summary: 'A Checkout page for a price',
    auth,
    body: legacyCheckoutBody,
    responses: { 200: legacyUrlDocument, ...refusals },
    errors,
  }),
  paymentIntent: operation({
    method: 'POST',
    path: '/legacy-payments/subscription/payment-intent',
    tag,
    summary: 'A subscription whose first invoice waits for a card payment (client secret)',
    auth,
    body: legacyPaymentIntentBody,
    responses: { 200: legacyPaymentIntentDocument, ...refusals },
    errors,
  }),
  invoices: operation({
    method: 'GET',
    path: '/legacy-payments/invoices/listInvoices',
    tag,
    summary: "The customer's invoices, newest first (at most 100)",
    auth,
    query: legacyCustomerQuery,
    responses: { 200: legacyInvoiceList, ...refusals },
    errors,
  }),
  subscriptions: operation({
    method: 'GET',
    path: '/legacy-payments/subscriptions',
    tag,
    summary: "The customer's subscriptions, ended ones included",
    auth,
    query: legacyCustomerQuery,
    responses: { 200: legacySubscriptionList, ...refusals },
    errors,
  }),
  portal: operation({
    method: 'POST',
    path: '/legacy-payments/payments/portal',
    tag,
    summary: "Stripe's customer portal",
    auth,
    body: legacyPortalBody,
    responses: { 200: legacyUrlDocument, ...refusals },
    errors,
  }),
  cancel: operation({
    method: 'POST',
    path: '/legacy-payments/subscriptions/cancel_subscription',
    tag,
    summary: 'Cancel a subscription at the end of its paid period',
    auth,
    body: legacyCancelBody,
    responses: { 201: legacyCancelDocument, ...refusals },
    errors,
  }),
};
