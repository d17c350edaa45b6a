import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { deliverInBackground } from '../../mail/app-mail';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { askConfirmations } from '../recipients';
import { routeOf } from '../../lib/operation';
import { alertOps as ops } from '../../../contract/operations/alerts';
import { backtestRule } from './evaluation/backtest';
import { queuePresentEvaluation } from './evaluation/present';
import { conditionList } from './rules/catalogue-view';
import { alertDocumentOf, alertList, firingList } from './rules/resource';
import { acknowledgeRoutes } from './delivery/acknowledge-routes';
import type { AlertRuleRow } from './repo';
import { createRule, deleteRule, updateRule, visibleRule } from './rules/rules';

// Mounted under /api/dm (spec section 7, Alerts): GET, POST /alerts/; GET, PATCH, DELETE /alerts/{id}/; GET
// /conditions/; and the history and the backtest (the e-mails' unsubscribe link: delivery/unsubscribe.ts).
export function alertRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const secretOptions = {
      key: ctx.config.encryptionKey,
      allowPrivate: ctx.config.checks.allowPrivateTargets,
    };
    // A saved rule's new outside addresses wait for their owners' yes (docs/ALERTS.md, "Recipients").
    const askRuleConfirmations = (trx: Db, row: AlertRuleRow, outbox: number[]) =>
      askConfirmations(ctx, trx, outbox, row.organization_id, row.destination_addresses, row.language);

    app.route({
      ...routeOf(app.prefix, ops.conditions),
      onRequest,
      handler: async () => conditionList(),
    });

    app.route({
      ...routeOf(app.prefix, ops.list),
      onRequest,
      handler: (request) => alertList(ctx.db, request.user!, request.query, request.url),
    });

    app.route({
      ...routeOf(app.prefix, ops.create),
      onRequest,
      handler: async (request, reply) => {
        const outbox: number[] = [];
        const doc = await withAudit(
          ctx,
          request,
          'alerts.create',
          async (trx) => {
            const row = await createRule(trx, request.user!, request.body, secretOptions);
            if (row instanceof Error) return row;
            await askRuleConfirmations(trx, row, outbox);
            await queuePresentEvaluation(trx, row, ctx.now());
            return alertDocumentOf(trx, row);
          },
          { status: 201 },
        );
        deliverInBackground(ctx, outbox);
        return reply.code(201).send(doc);
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.backtest),
      onRequest,
      handler: (request) => backtestRule(ctx, request.user!, request.body),
    });

    app.route({
      ...routeOf(app.prefix, ops.read),
      onRequest,
      handler: async (request) =>
        alertDocumentOf(ctx.db, await visibleRule(ctx.db, request.user!, request.params.id, false)),
    });

    app.route({
      ...routeOf(app.prefix, ops.firings),
      onRequest,
      handler: async (request) =>
        firingList(
          ctx.db,
          await visibleRule(ctx.db, request.user!, request.params.id, false),
          request.query,
          request.url,
        ),
    });

    app.route({
      ...routeOf(app.prefix, ops.update),
      onRequest,
      handler: async (request) => {
        const outbox: number[] = [];
        const doc = await withAudit(ctx, request, 'alerts.update', async (trx) => {
          const row = await updateRule(trx, request.user!, request.params.id, request.body, secretOptions);
          await askRuleConfirmations(trx, row, outbox);
          await queuePresentEvaluation(trx, row, ctx.now());
          return alertDocumentOf(trx, row);
        });
        deliverInBackground(ctx, outbox);
        return doc;
      },
    });

    await app.register(acknowledgeRoutes(ctx));

    app.route({
      ...routeOf(app.prefix, ops.delete),
      onRequest,
      handler: (request) =>
        withAudit(ctx, request, 'alerts.delete', async (trx) => {
          await deleteRule(trx, request.user!, request.params.id);
          return { detail: 'Alert condition has been deleted.' };
        }),
    });
  };
}
