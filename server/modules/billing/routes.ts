import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { forbidden } from '../../lib/errors';
import { paging, pageLinks, pageMeta } from '../../lib/paging';
import { canViewInvoices, canViewSubscription } from '../../lib/permissions';
import { deliverInBackground } from '../../mail/app-mail';
import { requireAuth } from '../auth';
import { withAudit } from '../shared/with-audit';
import { billingMessages } from '../../../contract/billing';
import { requireBilling, viaStripe } from './stripe/client';
import { invoiceResourceOf, subscriptionResourceOf } from './subscriptions/documents';
import { catalogue, productList } from './stripe/products';
import { countRows, invoicePage, subscriptionPage } from './repo';
import { changeSubscription, openPortal, startCheckout } from './service';
import { routeOf } from '../../lib/operation';
import { billingOps } from '../../../contract/operations/billing';

// Mounted under /api/pg (spec section 7, Payments; docs/BILLING.md).
export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const orgOf = (user: { organizationId: number | null }) => {
      if (user.organizationId === null) throw forbidden();
      return user.organizationId;
    };

    app.route({
      ...routeOf(app.prefix, billingOps.products),
      handler: async (request) => {
        const settings = ctx.config.billing;
        if (!settings) return { billing_enabled: false, data: [] };
        const c = await viaStripe(ctx, () => catalogue(settings, Date.now()), billingMessages.tryLater);
        return { billing_enabled: true, data: productList(c, request.query.currency) };
      },
    });

    app.route({
      ...routeOf(app.prefix, billingOps.subscriptions),
      onRequest,
      handler: async (request) => {
        const user = request.user!;
        const org = orgOf(user);
        if (!canViewSubscription(user, { id: org })) throw forbidden();
        const p = paging(request.query);
        const [rows, count] = await Promise.all([
          subscriptionPage(ctx.db, org, p.page, p.pageSize),
          countRows(ctx.db, 'billing_subscriptions', org),
        ]);
        return {
          data: rows.map((r) => subscriptionResourceOf(r, user.tokenSubscriptionStatus)),
          links: pageLinks(request.url, p, count),
          meta: pageMeta(p, count),
        };
      },
    });

    app.route({
      ...routeOf(app.prefix, billingOps.invoices),
      onRequest,
      handler: async (request) => {
        const user = request.user!;
        const org = orgOf(user);
        if (!canViewInvoices(user, { id: org })) throw forbidden();
        const p = paging(request.query);
        const [rows, count] = await Promise.all([
          invoicePage(ctx.db, org, p.page, p.pageSize, request.query.status),
          countRows(ctx.db, 'billing_invoices', org, request.query.status),
        ]);
        return {
          data: rows.map(invoiceResourceOf),
          links: pageLinks(request.url, p, count),
          meta: pageMeta(p, count),
        };
      },
    });

    app.route({
      ...routeOf(app.prefix, billingOps.checkout),
      onRequest,
      handler: async (request) => {
        requireBilling(ctx);
        return withAudit(ctx, request, 'billing.checkout', (trx) =>
          viaStripe(ctx, () => startCheckout(ctx, trx, request.user!, request.body)),
        );
      },
    });

    app.route({
      ...routeOf(app.prefix, billingOps.portal),
      onRequest,
      handler: async (request, reply) => {
        requireBilling(ctx);
        const doc = await withAudit(
          ctx,
          request,
          'billing.portal',
          (trx) => viaStripe(ctx, () => openPortal(ctx, trx, request.user!, request.body.return_url)),
          { status: 201 },
        );
        return reply.code(201).send(doc);
      },
    });

    for (const [op, what, message] of [
      [billingOps.endTrial, 'end_trial', undefined],
      [billingOps.cancel, 'cancel', billingMessages.cancelFailed],
      [billingOps.resume, 'resume', undefined],
    ] as const) {
      app.route({
        ...routeOf(app.prefix, op),
        onRequest,
        handler: async (request) => {
          requireBilling(ctx);
          const outbox: number[] = [];
          const row = await withAudit(ctx, request, `billing.subscription.${what}`, (trx) =>
            viaStripe(ctx, () => changeSubscription(ctx, trx, request.user!, what, outbox), message),
          );
          deliverInBackground(ctx, outbox);
          return { data: subscriptionResourceOf(row, request.user!.tokenSubscriptionStatus) };
        },
      });
    }
  };
}
