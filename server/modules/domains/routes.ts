import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { withAudit } from '../audit/with-audit';
import { requireAuth } from '../auth/bearer';
import { queueDomainCheck } from '../analysis/recheck-service';
import { secured } from '../organizations/route-schema';
import {
  detailBody,
  domainDocument,
  domainErrors,
  domainListQuery,
  domainListSchema,
  nameBody,
  nameParams,
} from './schemas';
import { addDomain, deleteDomainByName, domainList, scopeFor } from './service';

// Mounted under /api/dm.
export function domainRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const tag = 'domains';

    for (const [url, v2] of [
      ['/domains/', false],
      ['/v2/domains/', true],
    ] as const) {
      app.get(
        url,
        {
          onRequest,
          schema: secured(
            tag,
            `Domains of the caller's organization${v2 ? ' with relationships' : ''}, paged`,
            {
              querystring: domainListQuery,
              response: { 200: domainListSchema, ...domainErrors },
            },
          ),
        },
        async (request) => {
          const { organization, search, ...page } = request.query;
          const scope = { ...(await scopeFor(ctx.db, request.user!, organization)), search };
          return domainList(ctx.db, scope, page, request.url, v2);
        },
      );
    }

    app.post(
      '/domains/create/',
      {
        onRequest,
        schema: secured(tag, "Add a domain to the caller's organization (form field name)", {
          body: nameBody,
          response: { 201: domainDocument, ...domainErrors },
        }),
      },
      async (request, reply) => {
        const doc = await withAudit(
          ctx,
          request,
          'domains.create',
          (trx) => addDomain(trx, request.user!, request.user!.organizationId, request.body.name),
          { status: 201 },
        );
        // The first results and DNS history, in the background (server/modules/analysis/recheck-service.ts).
        queueDomainCheck(ctx, doc.data.id);
        return reply.code(201).send(doc);
      },
    );

    app.post(
      '/domains/:name/delete/',
      {
        onRequest,
        schema: secured(tag, "Delete a domain of the caller's organization", {
          params: nameParams,
          response: { 200: detailBody, ...domainErrors },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'domains.delete', (trx) =>
          deleteDomainByName(trx, request.user!, request.params.name),
        ),
    );
  };
}
