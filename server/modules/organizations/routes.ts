import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import {
  changeOwner,
  createWithOwner,
  deleteOrganization,
  listForActor,
  organizationDocument,
  updateOrganization,
  visibleOrganization,
} from './service';
import { routeOf } from '../../lib/operation';
import { organizationOps } from '../../../contract/operations/organizations';

// Mounted under /api/ph.
export function organizationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);

    app.route({
      ...routeOf(app.prefix, organizationOps.list),
      onRequest,
      handler: (request) => listForActor(ctx, request.user!, request.query, request.url),
    });

    app.route({
      ...routeOf(app.prefix, organizationOps.create),
      onRequest,
      handler: async (request, reply) => {
        const doc = await withAudit(
          ctx,
          request,
          'organizations.create',
          (trx) => createWithOwner(ctx, trx, request.user!, request.body),
          { status: 201 },
        );
        return reply.code(201).send(doc);
      },
    });

    app.route({
      ...routeOf(app.prefix, organizationOps.get),
      onRequest,
      handler: async (request) =>
        organizationDocument(
          ctx,
          ctx.db,
          await visibleOrganization(ctx.db, request.user!, request.params.id),
          request.user!,
        ),
    });

    app.route({
      ...routeOf(app.prefix, organizationOps.update),
      onRequest,
      handler: (request) =>
        withAudit(ctx, request, 'organizations.update', (trx) =>
          updateOrganization(ctx, trx, request.user!, request.params.id, request.body),
        ),
    });

    app.route({
      ...routeOf(app.prefix, organizationOps.delete),
      onRequest,
      handler: async (request, reply) => {
        await withAudit(
          ctx,
          request,
          'organizations.delete',
          (trx) => deleteOrganization(trx, request.user!, request.params.id),
          { status: 204 },
        );
        return reply.code(204).send(null);
      },
    });

    app.route({
      ...routeOf(app.prefix, organizationOps.setOwner),
      onRequest,
      handler: (request) =>
        withAudit(ctx, request, 'organizations.owner.update', (trx) =>
          changeOwner(ctx, trx, request.user!, request.params.id, request.body.owner),
        ),
    });
  };
}
