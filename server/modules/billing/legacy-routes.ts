import type Stripe from 'stripe';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { canViewInvoices } from '../../lib/permissions';
import { secured } from '../../lib/route-schema';
import { errorResponses } from '../../lib/schemas';
import { deliverInBackground } from '../../mail/app-mail';
import { requireAuth } from '../auth';
import { withAudit } from '../shared/with-audit';
import {
  billingErrorDocument,
  billingMessages,
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
} from '../../../contract/billing';
import { requireBilling, viaStripe } from './client';
import { startPaymentIntent } from './intent';
import { lockOrganization } from './repo';
import { customerOf, openPortal, ownOrganization, startCheckout } from './service';
import { syncSubscription } from './sync';

// The legacy payment host of spec section 7 (docs/BILLING.md, "Legacy payment host"), JSON in and out, under
// /legacy-payments. Same rules as /api/pg: the caller's organization's customer only (another ?customer= is
// 404, as if it did not exist), the owner pays, Stripe does the work.
const tag = 'billing-legacy';
const provider = { 502: billingErrorDocument, 503: billingErrorDocument };
const errors = { ...errorResponses(400, 401, 403, 404), 409: billingErrorDocument, ...provider };

function legacySubscription(s: Stripe.Subscription) {
  const item = s.items.data[0];
  return {
    id: s.id,
    status: s.status,
    cancel_at_period_end: s.cancel_at_period_end,
    current_period_start: item?.current_period_start ?? null,
    current_period_end: item?.current_period_end ?? null,
    trial_end: s.trial_end,
    price: item?.price.id ?? null,
    product: item
      ? typeof item.price.product === 'string'
        ? item.price.product
        : item.price.product.id
      : null,
  };
}

export function legacyPaymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    /** The organization's customer when `customer` names it; 404 for anyone else's. */
    const ownCustomer = async (organizationId: number | null, customer: string) => {
      const org = organizationId === null ? undefined : await lockOrganization(ctx.db, organizationId);
      if (!org?.stripe_customer_id || org.stripe_customer_id !== customer) throw notFound();
      return customer;
    };

    app.post(
      '/customer',
      {
        onRequest,
        schema: secured(tag, "The organization's Stripe customer (created on first call)", {
          body: legacyCustomerBody,
          response: { 200: legacyCustomerDocument, ...errors },
        }),
      },
      async (request) => {
        const { stripe } = requireBilling(ctx);
        const user = request.user!;
        return withAudit(ctx, request, 'billing.legacy.customer', (trx) =>
          viaStripe(ctx, async () => ({
            customerId: await customerOf(
              trx,
              stripe,
              ownOrganization(user),
              request.body.email ?? user.email,
            ),
          })),
        );
      },
    );

    app.post(
      '/payments/checkout',
      {
        onRequest,
        schema: secured(tag, 'A Checkout page for a price', {
          body: legacyCheckoutBody,
          response: { 200: legacyUrlDocument, ...errors },
        }),
      },
      async (request) => {
        requireBilling(ctx);
        const { priceId, successUrl, cancelUrl } = request.body;
        const session = await withAudit(ctx, request, 'billing.legacy.checkout', (trx) =>
          viaStripe(ctx, () =>
            startCheckout(ctx, trx, request.user!, {
              price: priceId,
              success_url: successUrl,
              cancel_url: cancelUrl,
            }),
          ),
        );
        return { url: session.url };
      },
    );

    app.post(
      '/subscription/payment-intent',
      {
        onRequest,
        schema: secured(tag, 'A subscription whose first invoice waits for a card payment (client secret)', {
          body: legacyPaymentIntentBody,
          response: { 200: legacyPaymentIntentDocument, ...errors },
        }),
      },
      async (request) => {
        requireBilling(ctx);
        const outbox: number[] = [];
        const answer = await withAudit(ctx, request, 'billing.legacy.payment_intent', (trx) =>
          viaStripe(ctx, () => startPaymentIntent(ctx, trx, request.user!, request.body.priceId, outbox)),
        );
        deliverInBackground(ctx, outbox);
        return answer;
      },
    );

    app.get(
      '/invoices/listInvoices',
      {
        onRequest,
        schema: secured(tag, "The customer's invoices, newest first (at most 100)", {
          querystring: legacyCustomerQuery,
          response: { 200: legacyInvoiceList, ...errors },
        }),
      },
      async (request) => {
        // The permission of GET /api/pg/payments/invoices/: admins and the owner, not members.
        const user = request.user!;
        if (user.organizationId === null || !canViewInvoices(user, { id: user.organizationId }))
          throw forbidden();
        const customer = await ownCustomer(user.organizationId, request.query.customer);
        const { stripe } = requireBilling(ctx);
        const list = await viaStripe(
          ctx,
          () => stripe.invoices.list({ customer, limit: 100 }),
          billingMessages.tryLater,
        );
        return {
          invoices: list.data.map((i) => ({
            id: i.id ?? '',
            number: i.number,
            created: i.created,
            currency: i.currency,
            amount_due: i.amount_due,
            amount_paid: i.amount_paid,
            status: i.status,
            hosted_invoice_url: i.hosted_invoice_url ?? null,
            invoice_pdf: i.invoice_pdf ?? null,
          })),
        };
      },
    );

    app.get(
      '/subscriptions',
      {
        onRequest,
        schema: secured(tag, "The customer's subscriptions, ended ones included", {
          querystring: legacyCustomerQuery,
          response: { 200: legacySubscriptionList, ...errors },
        }),
      },
      async (request) => {
        const customer = await ownCustomer(request.user!.organizationId, request.query.customer);
        const { stripe } = requireBilling(ctx);
        const list = await viaStripe(
          ctx,
          () => stripe.subscriptions.list({ customer, status: 'all', limit: 100 }),
          billingMessages.tryLater,
        );
        return { subscriptions: list.data.map(legacySubscription) };
      },
    );

    app.post(
      '/payments/portal',
      {
        onRequest,
        schema: secured(tag, "Stripe's customer portal", {
          body: legacyPortalBody,
          response: { 200: legacyUrlDocument, ...errors },
        }),
      },
      async (request) => {
        requireBilling(ctx);
        const portal = await withAudit(ctx, request, 'billing.legacy.portal', (trx) =>
          viaStripe(ctx, () => openPortal(ctx, trx, request.user!, request.body.returnUrl)),
        );
        return { url: portal.url };
      },
    );

    app.post(
      '/subscriptions/cancel_subscription',
      {
        onRequest,
        schema: secured(tag, 'Cancel a subscription at the end of its paid period', {
          body: legacyCancelBody,
          response: { 201: legacyCancelDocument, ...errors },
        }),
      },
      async (request, reply) => {
        const user = request.user!;
        const outbox: number[] = [];
        const doc = await withAudit(
          ctx,
          request,
          'billing.legacy.cancel',
          async (trx) => {
            const organizationId = ownOrganization(user);
            const row = await trx
              .selectFrom('billing_subscriptions')
              .select('stripe_subscription_id')
              .where('organization_id', '=', organizationId)
              .where('stripe_subscription_id', '=', request.body.subscriptionId)
              .executeTakeFirst();
            if (!row) throw notFound();
            const { stripe } = requireBilling(ctx);
            return viaStripe(
              ctx,
              async () => {
                const sub = await stripe.subscriptions.update(
                  row.stripe_subscription_id,
                  { cancel_at_period_end: true },
                  { idempotencyKey: `msas-cancel-${row.stripe_subscription_id}-${ctx.now().getTime()}` },
                );
                await syncSubscription(ctx, trx, stripe, sub.id, {}, 'legacy.cancel', outbox);
                return { subscription: legacySubscription(sub) };
              },
              billingMessages.cancelFailed,
            );
          },
          { status: 201 },
        );
        deliverInBackground(ctx, outbox);
        return reply.code(201).send(doc);
      },
    );
  };
}
