import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { csvRowCap, sendCsv, toCsv } from '../../lib/csv';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { pageLinks, pageMeta, paging } from '../../lib/paging';
import { routeOf } from '../../lib/operation';
import { listSenders, networksOf, type SenderRow } from './repo';
import { emailSenderOps as ops } from '../../../contract/operations/email-senders';
import {
  assertCanManage,
  changeNetworks,
  createSender,
  deleteSender,
  networksDocument,
  senderDocument,
  senderResource,
  updateSender,
} from './service';

// The email-sender catalogue (spec sections 3, 4 and 7), mounted under /api/dm. Reads for every signed-in
// user; changes for support users only, audited.

const csvColumns = [
  { header: 'id', value: (s: SenderRow) => s.id },
  { header: 'name', value: (s: SenderRow) => s.name },
  { header: 'created_date', value: (s: SenderRow) => new Date(s.created_date).toISOString() },
  { header: 'spf_includes', value: (s: SenderRow) => s.spf_includes },
  { header: 'reverse_dns_suffixes', value: (s: SenderRow) => s.reverse_dns_suffixes },
];

export function emailSenderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    // Support only, decided before the body is read (a refused upload is never parsed).
    const manage = [onRequest, async (request: FastifyRequest) => assertCanManage(request.user!)];

    app.route({
      ...routeOf(app.prefix, ops.list),
      onRequest,
      handler: async (request, reply) => {
        const q = request.query;
        if (q.format === 'csv') {
          const all = await listSenders(ctx.db, { offset: 0, limit: csvRowCap, ...q });
          const nets = await networksOf(
            ctx.db,
            all.rows.map((r) => r.id),
          );
          const columns = [
            ...csvColumns,
            { header: 'networks', value: (s: SenderRow) => (nets.get(s.id) ?? []).map((n) => n.range) },
          ];
          return sendCsv(reply, 'email-senders', toCsv(columns, all.rows), all.count);
        }
        const p = paging(q);
        const { count, rows } = await listSenders(ctx.db, { offset: p.offset, limit: p.pageSize, ...q });
        const nets = await networksOf(
          ctx.db,
          rows.map((r) => r.id),
        );
        return {
          data: rows.map((r) => senderResource(r, nets.get(r.id) ?? [])),
          links: pageLinks(request.url, p, count),
          meta: pageMeta(p, count),
        };
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.create),
      onRequest: manage,
      handler: async (request, reply) => {
        const doc = await withAudit(
          ctx,
          request,
          'email_senders.create',
          (trx) => createSender(trx, request.body),
          {
            status: 201,
          },
        );
        return reply.code(201).send(doc);
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.get),
      onRequest,
      handler: (request) => senderDocument(ctx.db, request.params.id),
    });

    app.route({
      ...routeOf(app.prefix, ops.update),
      onRequest: manage,
      handler: (request) =>
        withAudit(ctx, request, 'email_senders.update', (trx) =>
          updateSender(trx, request.params.id, request.body),
        ),
    });

    app.route({
      ...routeOf(app.prefix, ops.delete),
      onRequest: manage,
      handler: async (request, reply) => {
        await withAudit(ctx, request, 'email_senders.delete', (trx) => deleteSender(trx, request.params.id), {
          status: 204,
        });
        return reply.code(204).send(null);
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.networks),
      onRequest,
      handler: (request) => networksDocument(ctx.db, request.params.id),
    });

    app.route({
      ...routeOf(app.prefix, ops.replaceNetworks),
      onRequest: manage,
      handler: (request) =>
        withAudit(ctx, request, 'email_senders.networks.update', (trx) =>
          changeNetworks(trx, request.params.id, { replace: request.body.networks.map((n) => n.range) }),
        ),
    });

    app.route({
      ...routeOf(app.prefix, ops.addNetwork),
      onRequest: manage,
      handler: async (request, reply) => {
        const doc = await withAudit(
          ctx,
          request,
          'email_senders.networks.create',
          (trx) => changeNetworks(trx, request.params.id, { add: request.body.range }),
          { status: 201 },
        );
        return reply.code(201).send(doc);
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.removeNetworks),
      onRequest: manage,
      handler: (request) =>
        withAudit(ctx, request, 'email_senders.networks.delete', (trx) =>
          changeNetworks(trx, request.params.id, { remove: request.body.ranges }),
        ),
    });
  };
}
