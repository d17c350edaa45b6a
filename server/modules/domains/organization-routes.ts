import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { queueDomainCheck } from '../analysis';
import { releaseDomainZones } from '../dns';
import { secured } from '../../lib/route-schema';
import { visibleOrganization } from '../organizations';
import {
  domainDocument,
  domainHasZoneDocument,
  domainIdParams,
  domainListDocument,
  domainListQuery,
  domainNameBody,
  organizationDomainDeleteBody,
  organizationDomainPatchBody,
} from '../../../contract/domains';
import { errorResponses } from '../../lib/schemas';
import { addDomain, deleteDomainById, domainList, renameDomain, scopeFor } from './service';

// /organizations/{id}/domains (mounted under /api/ph). The spec writes the path without a trailing slash
// before the query, so both spellings are served.
const domainErrors = errorResponses(400, 401, 403, 404);

export function organizationDomainRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const tag = 'organizations';
    for (const url of ['/organizations/:id/domains', '/organizations/:id/domains/']) {
      app.get(
        url,
        {
          onRequest,
          schema: secured(tag, 'Domains of an organization', {
            params: domainIdParams,
            querystring: domainListQuery.omit({ organization: true }),
            response: { 200: domainListDocument, ...domainErrors },
          }),
        },
        async (request) => {
          const org = await visibleOrganization(ctx.db, request.user!, request.params.id);
          // A member limited to some domains sees only those here too.
          const scope = await scopeFor(ctx.db, request.user!, org.id);
          const { search, ...page } = request.query;
          return domainList(ctx.db, { ...scope, search }, page, request.url, true, ctx.config.reportAddress);
        },
      );
      app.post(
        url,
        {
          onRequest,
          schema: secured(tag, 'Add a domain to an organization (owner, admin)', {
            params: domainIdParams,
            body: domainNameBody,
            response: { 201: domainDocument, ...domainErrors },
          }),
        },
        async (request, reply) => {
          const doc = await withAudit(
            ctx,
            request,
            'organizations.domains.create',
            async (trx) => {
              const created = await addDomain(
                trx,
                request.user!,
                request.params.id,
                request.body.name,
                ctx.config.reportAddress,
              );
              // The first results and DNS history, by a worker (server/modules/analysis/recheck-job.ts).
              await queueDomainCheck(ctx, trx, created.data.id);
              return created;
            },
            { status: 201 },
          );
          return reply.code(201).send(doc);
        },
      );
      app.patch(
        url,
        {
          onRequest,
          schema: secured(tag, 'Rename a domain of an organization (owner, admin)', {
            params: domainIdParams,
            body: organizationDomainPatchBody,
            response: { 200: domainDocument, ...domainErrors },
          }),
        },
        (request) =>
          withAudit(ctx, request, 'organizations.domains.update', (trx) =>
            renameDomain(
              trx,
              request.user!,
              request.params.id,
              request.body.id,
              request.body.name,
              ctx.config.reportAddress,
            ),
          ),
      );
      app.delete(
        url,
        {
          onRequest,
          schema: secured(
            tag,
            'Remove a domain from an organization (owner, admin); body {id, zones: "delete" to delete its DNS zones}',
            {
              params: domainIdParams,
              body: organizationDomainDeleteBody,
              response: { 204: z.null(), ...domainErrors, 409: domainHasZoneDocument },
            },
          ),
        },
        async (request, reply) => {
          await withAudit(
            ctx,
            request,
            'organizations.domains.delete',
            (trx) =>
              deleteDomainById(trx, request.user!, request.params.id, request.body.id, (row) =>
                releaseDomainZones(ctx, trx, row, request.user!.id, request.body.zones === 'delete'),
              ),
            { status: 204 },
          );
          return reply.code(204).send(null);
        },
      );
    }
  };
}
