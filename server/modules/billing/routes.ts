import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { forbidden, type ErrorCode } from '../../lib/errors';
import { paging, pageLinks, pageMeta } from '../../lib/paging';
import { canViewInvoices, canViewSubscription } from '../../lib/permissions';
import { secured } from '../../lib/route-schema';
import { errorResponses } from '../../lib/schemas';
import { deliverInBackground } from '../../mail/app-mail';
import { requireAuth } from '../auth';
import { withAudit } from '../shared/with-audit';
import {
  billingErrorDocument,
  billingMessages,
  checkoutBody,
  checkoutDocument,
  emptyBody,
  invoiceListDocument,
  invoiceListQuery,
  portalBody,
  portalDocument,
  productListDocument,
  productListQuery,
  subscriptionDocument,
  subscriptionListDocument,
  subscriptionListQuery,
} from '../../../contract/billing';
import { requireBilling, viaStripe } from './client';
import { invoiceResourceOf, subscriptionResourceOf } from './documents';
import { catalogue, productList } from './products';
import { countRows, invoicePage, subscriptionPage } from './repo';
import { changeSubscription, openPortal, startCheckout } from './service';

const tag = 'billing';
const provider = { 502: billingErrorDocument, 503: billingErrorDocument };

// Mounted under /api/pg (spec section 7, Payments; docs/BILLING.md).
export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const orgOf = (user: { organizationId: number | null }) => {
      if (user.organizationId === null) throw forbidden();
      return user.organizationId;
    };

    app.get(
      '/payments/products/',
      {
        schema: {
          tags: [tag],
          summary:
            'The plans on offer with their prices (public; empty with billing_enabled false when billing is off)',
          querystring: productListQuery,
          response: { 200: productListDocument, ...errorResponses(400), 502: billingErrorDocument },
        },
      },
      async (request) => {
        const settings = ctx.config.billing;
        if (!settings) return { billing_enabled: false, data: [] };
        const c = await viaStripe(ctx, () => catalogue(settings, Date.now()), billingMessages.tryLater);
        return { billing_enabled: true, data: productList(c, request.query.currency) };
      },
    );

    app.get(
      '/payments/subscriptions/',
      {
        onRequest,
        schema: secured(tag, "The organization's subscriptions, the current one first", {
          querystring: subscriptionListQuery,
          response: { 200: subscriptionListDocument, ...errorResponses(400, 401, 403) },
        }),
      },
      async (request) => {
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
    );

    app.get(
      '/payments/invoices/',
      {
        onRequest,
        schema: secured(tag, "The organization's invoices, newest first", {
          querystring: invoiceListQuery,
          response: { 200: invoiceListDocument, ...errorResponses(400, 401, 403) },
        }),
      },
      async (request) => {
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
    );

    app.post(
      '/payments/checkout/',
      {
        onRequest,
        schema: secured(
          tag,
          'Start a Stripe Checkout for a price (subscription mode; the trial of the product)',
          {
            body: checkoutBody,
            response: {
              200: checkoutDocument,
              ...errorResponses(400, 401, 403),
              409: billingErrorDocument,
              ...provider,
            },
          },
        ),
      },
      async (request) => {
        requireBilling(ctx);
        return withAudit(ctx, request, 'billing.checkout', (trx) =>
          viaStripe(ctx, () => startCheckout(ctx, trx, request.user!, request.body)),
        );
      },
    );

    app.post(
      '/payments/portal/',
      {
        onRequest,
        schema: secured(tag, "Open Stripe's customer portal (card, plan change, cancellation)", {
          body: portalBody,
          response: {
            201: portalDocument,
            ...errorResponses(400, 401, 403),
            409: billingErrorDocument,
            ...provider,
          },
        }),
      },
      async (request, reply) => {
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
    );

    const change = (
      path: string,
      what: 'end_trial' | 'cancel' | 'resume',
      summary: string,
      message?: ErrorCode,
    ) =>
      app.post(
        path,
        {
          onRequest,
          schema: secured(tag, summary, {
            body: emptyBody.optional(),
            response: {
              200: subscriptionDocument,
              ...errorResponses(401, 403, 404),
              409: billingErrorDocument,
              ...provider,
            },
          }),
        },
        async (request) => {
          requireBilling(ctx);
          const outbox: number[] = [];
          const row = await withAudit(ctx, request, `billing.subscription.${what}`, (trx) =>
            viaStripe(ctx, () => changeSubscription(ctx, trx, request.user!, what, outbox), message),
          );
          deliverInBackground(ctx, outbox);
          return { data: subscriptionResourceOf(row, request.user!.tokenSubscriptionStatus) };
        },
      );
    change(
      '/payments/subscriptions/end_trial/',
      'end_trial',
      'End the trial now: the first period is charged',
    );
    change(
      '/payments/subscriptions/cancel/',
      'cancel',
      'Cancel at the end of the paid period',
      billingMessages.cancelFailed,
    );
    change('/payments/subscriptions/resume/', 'resume', 'Keep a subscription that was set to cancel');
  };
}
