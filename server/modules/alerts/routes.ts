import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorResponses } from '../../lib/schemas';
import type { Db } from '../../db/database';
import { deliverInBackground } from '../../mail/app-mail';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { askConfirmations } from '../recipients';
import { secured } from '../../lib/route-schema';
import {
  alertBacktestBody,
  alertCreateBody,
  alertDocument,
  alertIdParams,
  alertListDocument,
  alertListQuery,
  alertPatchBody,
  backtestDocument,
  conditionListDocument,
  detailDocument,
  firingListDocument,
  firingListQuery,
} from '../../../contract/alerts';
import { backtestRule } from './backtest';
import { conditionList } from './catalogue-view';
import { alertDocumentOf, alertList, firingList } from './resource';
import type { AlertRuleRow } from './repo';
import { createRule, deleteRule, updateRule, visibleRule } from './rules';

const errors = errorResponses(400, 401, 403, 404);
const tag = 'alerts';

// Mounted under /api/dm (spec section 7, Alerts): GET, POST /alerts/; GET, PATCH, DELETE /alerts/{id}/;
// GET /conditions/; and the history and the backtest (the e-mails' unsubscribe link: unsubscribe.ts).
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

    app.get(
      '/conditions/',
      {
        onRequest,
        schema: secured(tag, 'The alert conditions, with their parameters, units and defaults', {
          response: { 200: conditionListDocument, ...errorResponses(401) },
        }),
      },
      async () => conditionList(),
    );

    app.get(
      '/alerts/',
      {
        onRequest,
        schema: secured(tag, "Alert rules of the caller's organization (members: their own), paged", {
          querystring: alertListQuery,
          response: { 200: alertListDocument, ...errors },
        }),
      },
      (request) => alertList(ctx.db, request.user!, request.query, request.url),
    );

    app.post(
      '/alerts/',
      {
        onRequest,
        schema: secured(tag, 'Create an alert rule', {
          body: alertCreateBody,
          response: { 201: alertDocument, ...errors },
        }),
      },
      async (request, reply) => {
        const outbox: number[] = [];
        const doc = await withAudit(
          ctx,
          request,
          'alerts.create',
          async (trx) => {
            const row = await createRule(trx, request.user!, request.body, secretOptions);
            if (row instanceof Error) return row;
            await askRuleConfirmations(trx, row, outbox);
            return alertDocumentOf(trx, row);
          },
          { status: 201 },
        );
        deliverInBackground(ctx, outbox);
        return reply.code(201).send(doc);
      },
    );

    app.post(
      '/alerts/backtest/',
      {
        onRequest,
        schema: secured(
          tag,
          'How many times, and on which days, a rule would have fired over the last 30 days (nothing saved)',
          { body: alertBacktestBody, response: { 200: backtestDocument, ...errors } },
        ),
      },
      (request) => backtestRule(ctx, request.user!, request.body),
    );

    app.get(
      '/alerts/:id/',
      {
        onRequest,
        schema: secured(tag, 'One alert rule with its state', {
          params: alertIdParams,
          response: { 200: alertDocument, ...errors },
        }),
      },
      async (request) =>
        alertDocumentOf(ctx.db, await visibleRule(ctx.db, request.user!, request.params.id, false)),
    );

    app.get(
      '/alerts/:id/firings/',
      {
        onRequest,
        schema: secured(tag, "The rule's firings and recoveries, newest first", {
          params: alertIdParams,
          querystring: firingListQuery,
          response: { 200: firingListDocument, ...errors },
        }),
      },
      async (request) =>
        firingList(
          ctx.db,
          await visibleRule(ctx.db, request.user!, request.params.id, false),
          request.query,
          request.url,
        ),
    );

    app.patch(
      '/alerts/:id/',
      {
        onRequest,
        schema: secured(tag, 'Change an alert rule', {
          params: alertIdParams,
          body: alertPatchBody,
          response: { 200: alertDocument, ...errors },
        }),
      },
      async (request) => {
        const outbox: number[] = [];
        const doc = await withAudit(ctx, request, 'alerts.update', async (trx) => {
          const row = await updateRule(trx, request.user!, request.params.id, request.body, secretOptions);
          await askRuleConfirmations(trx, row, outbox);
          return alertDocumentOf(trx, row);
        });
        deliverInBackground(ctx, outbox);
        return doc;
      },
    );

    app.delete(
      '/alerts/:id/',
      {
        onRequest,
        schema: secured(tag, 'Delete an alert rule and its history', {
          params: alertIdParams,
          response: { 200: detailDocument, ...errors },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'alerts.delete', async (trx) => {
          await deleteRule(trx, request.user!, request.params.id);
          return { detail: 'Alert condition has been deleted.' };
        }),
    );
  };
}
