import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { csvRowCap, jsonOrCsv, sendCsv, toCsv } from '../../lib/csv';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { pageLinks, pageMeta, paging } from '../../lib/paging';
import { secured } from '../../lib/route-schema';
import { listSenders, networksOf, type SenderRow } from './repo';
import {
  createBody,
  listQuery,
  networkPostBody,
  networksDeleteBody,
  networksDocument as networksSchema,
  networksPutBody,
  patchBody,
  senderDocument as documentSchema,
  senderListDocument as senderList,
  senderParams,
} from '../../../contract/email-senders';
import { errorResponses } from '../../lib/schemas';
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

const senderErrors = errorResponses(400, 401, 403, 404);

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
    const base = '/dmarc/aggregate-reports/email-senders/';
    const tag = 'email-senders';
    // Support only, decided before the body is read (a refused upload is never parsed).
    const manage = [onRequest, async (request: FastifyRequest) => assertCanManage(request.user!)];

    app.get(
      base,
      {
        onRequest,
        schema: secured(tag, 'Email senders, paged (?search= on the name; ?format=csv)', {
          querystring: listQuery,
          response: { 200: jsonOrCsv(senderList), ...senderErrors },
        }),
      },
      async (request, reply) => {
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
    );

    app.post(
      base,
      {
        onRequest: manage,
        schema: secured(tag, 'Create an email sender (support)', {
          body: createBody,
          response: { 201: documentSchema, ...senderErrors },
        }),
      },
      async (request, reply) => {
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
    );

    app.get(
      `${base}:id/`,
      {
        onRequest,
        schema: secured(tag, 'One email sender', {
          params: senderParams,
          response: { 200: documentSchema, ...senderErrors },
        }),
      },
      (request) => senderDocument(ctx.db, request.params.id),
    );

    app.patch(
      `${base}:id/`,
      {
        onRequest: manage,
        schema: secured(tag, 'Change an email sender (support)', {
          params: senderParams,
          body: patchBody,
          response: { 200: documentSchema, ...senderErrors },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'email_senders.update', (trx) =>
          updateSender(trx, request.params.id, request.body),
        ),
    );

    app.delete(
      `${base}:id/`,
      {
        onRequest: manage,
        schema: secured(tag, 'Delete an email sender (support)', {
          params: senderParams,
          response: { 204: z.null(), ...senderErrors },
        }),
      },
      async (request, reply) => {
        await withAudit(ctx, request, 'email_senders.delete', (trx) => deleteSender(trx, request.params.id), {
          status: 204,
        });
        return reply.code(204).send(null);
      },
    );

    const networks = `${base}:id/networks/`;
    app.get(
      networks,
      {
        onRequest,
        schema: secured(tag, 'The networks (CIDR ranges) of an email sender', {
          params: senderParams,
          response: { 200: networksSchema, ...senderErrors },
        }),
      },
      (request) => networksDocument(ctx.db, request.params.id),
    );

    app.put(
      networks,
      {
        onRequest: manage,
        schema: secured(tag, 'Replace the networks of an email sender; body {networks:[{range}]}', {
          params: senderParams,
          body: networksPutBody,
          response: { 200: networksSchema, ...senderErrors },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'email_senders.networks.update', (trx) =>
          changeNetworks(trx, request.params.id, { replace: request.body.networks.map((n) => n.range) }),
        ),
    );

    app.post(
      networks,
      {
        onRequest: manage,
        schema: secured(tag, 'Add a network to an email sender; body {range}', {
          params: senderParams,
          body: networkPostBody,
          response: { 201: networksSchema, ...senderErrors },
        }),
      },
      async (request, reply) => {
        const doc = await withAudit(
          ctx,
          request,
          'email_senders.networks.create',
          (trx) => changeNetworks(trx, request.params.id, { add: request.body.range }),
          { status: 201 },
        );
        return reply.code(201).send(doc);
      },
    );

    app.delete(
      networks,
      {
        onRequest: manage,
        schema: secured(tag, 'Remove networks from an email sender; body {ranges:[...]}', {
          params: senderParams,
          body: networksDeleteBody,
          response: { 200: networksSchema, ...senderErrors },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'email_senders.networks.delete', (trx) =>
          changeNetworks(trx, request.params.id, { remove: request.body.ranges }),
        ),
    );
  };
}
