import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { queueDomainCheck } from '../analysis';
import { releaseDomainZones } from '../dns';
import { routeOf } from '../../lib/operation';
import { visibleOrganization } from '../organizations';
import { organizationDomainOps as ops } from '../../../contract/operations/organization-domains';
import { addDomain, deleteDomainById, domainList, renameDomain, scopeFor } from './service';

// /organizations/{id}/domains (mounted under /api/ph), with and without the trailing slash
// (contract/operations/organization-domains.ts).
export function organizationDomainRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    for (const [list, add, rename, remove] of [
      [ops.listBare, ops.addBare, ops.renameBare, ops.removeBare],
      [ops.list, ops.add, ops.rename, ops.remove],
    ] as const) {
      app.route({
        ...routeOf(app.prefix, list),
        onRequest,
        handler: async (request) => {
          const org = await visibleOrganization(ctx.db, request.user!, request.params.id);
          // A member limited to some domains sees only those here too.
          const scope = await scopeFor(ctx.db, request.user!, org.id);
          const { search, ...page } = request.query;
          return domainList(ctx.db, { ...scope, search }, page, request.url, true, ctx.config.reportAddress);
        },
      });
      app.route({
        ...routeOf(app.prefix, add),
        onRequest,
        handler: async (request, reply) => {
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
      });
      app.route({
        ...routeOf(app.prefix, rename),
        onRequest,
        handler: (request) =>
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
      });
      app.route({
        ...routeOf(app.prefix, remove),
        onRequest,
        handler: async (request, reply) => {
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
      });
    }
  };
}
