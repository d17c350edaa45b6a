import type Stripe from 'stripe';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { canViewInvoices } from '../../lib/permissions';
import { routeOf } from '../../lib/operation';
import { deliverInBackground } from '../../mail/app-mail';
import { requireAuth } from '../auth';
import { withAudit } from '../shared/with-audit';
import { billingMessages } from '../../../contract/billing';
import { legacyBillingOps } from '../../../contract/operations/billing-legacy';
import { requireBilling, viaStripe } from './stripe/client';
import { startPaymentIntent } from './stripe/intent';
import { lockOrganization, ownSubscription } from './repo';
import { customerOf, openPortal, ownOrganization, startCheckout } from './service';
import { syncSubscription } from './stripe/sync';

// The legacy payment host of spec section 7 (docs/BILLING.md, "Legacy payment host"), JSON in and out, under
// /legacy-payments. Same rules as /api/pg: the caller's organization's customer only (another ?customer= is
// 404, as if it did not exist), the owner pays, Stripe does the work.

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

    app.route({
      ...routeOf(app.prefix, legacyBillingOps.customer),
      onRequest,
      handler: async (request) => {
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
    });

    app.route({
      ...routeOf(app.prefix, legacyBillingOps.checkout),
      onRequest,
      handler: async (request) => {
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
    });

    app.route({
      ...routeOf(app.prefix, legacyBillingOps.paymentIntent),
      onRequest,
      handler: async (request) => {
        requireBilling(ctx);
        const outbox: number[] = [];
        const answer = await withAudit(ctx, request, 'billing.legacy.payment_intent', (trx) =>
          viaStripe(ctx, () => startPaymentIntent(ctx, trx, request.user!, request.body.priceId, outbox)),
        );
        deliverInBackground(ctx, outbox);
        return answer;
      },
    });

    app.route({
      ...routeOf(app.prefix, legacyBillingOps.invoices),
      onRequest,
      handler: async (request) => {
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
    });

    app.route({
      ...routeOf(app.prefix, legacyBillingOps.subscriptions),
      onRequest,
      handler: async (request) => {
        const customer = await ownCustomer(request.user!.organizationId, request.query.customer);
        const { stripe } = requireBilling(ctx);
        const list = await viaStripe(
          ctx,
          () => stripe.subscriptions.list({ customer, status: 'all', limit: 100 }),
          billingMessages.tryLater,
        );
        return { subscriptions: list.data.map(legacySubscription) };
      },
    });

    app.route({
      ...routeOf(app.prefix, legacyBillingOps.portal),
      onRequest,
      handler: async (request) => {
        requireBilling(ctx);
        const portal = await withAudit(ctx, request, 'billing.legacy.portal', (trx) =>
          viaStripe(ctx, () => openPortal(ctx, trx, request.user!, request.body.returnUrl)),
        );
        return { url: portal.url };
      },
    });

    app.route({
      ...routeOf(app.prefix, legacyBillingOps.cancel),
      onRequest,
      handler: async (request, reply) => {
        const user = request.user!;
        const outbox: number[] = [];
        const doc = await withAudit(
          ctx,
          request,
          'billing.legacy.cancel',
          async (trx) => {
            const organizationId = ownOrganization(user);
            const row = await ownSubscription(trx, organizationId, request.body.subscriptionId);
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
    });
  };
}
