import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { addMember, listMembers, removeMember, setAdmin } from './members-service';
import { routeOf } from '../../lib/operation';
import { organizationOps } from '../../../contract/operations/organizations';

// Members and admins of an organization (mounted under /api/ph).
export function organizationMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);

    app.route({
      ...routeOf(app.prefix, organizationOps.members),
      onRequest,
      handler: (request) => listMembers(ctx, request.user!, request.params.id),
    });

    app.route({
      ...routeOf(app.prefix, organizationOps.addMember),
      onRequest,
      handler: async (request, reply) => {
        const doc = await withAudit(
          ctx,
          request,
          'organizations.members.create',
          (trx) => addMember(ctx, trx, request.user!, request.params.id, request.body),
          { status: 201 },
        );
        return reply.code(201).send(doc);
      },
    });

    app.route({
      ...routeOf(app.prefix, organizationOps.removeMember),
      onRequest,
      handler: async (request, reply) => {
        await withAudit(
          ctx,
          request,
          'organizations.members.delete',
          (trx) => removeMember(ctx, trx, request.user!, request.params.id, request.body.user),
          { status: 204 },
        );
        return reply.code(204).send(null);
      },
    });

    for (const [op, admin] of [
      [organizationOps.addAdmin, true],
      [organizationOps.removeAdmin, false],
    ] as const) {
      app.route({
        ...routeOf(app.prefix, op),
        onRequest,
        handler: (request) =>
          withAudit(
            ctx,
            request,
            admin ? 'organizations.admins.create' : 'organizations.admins.delete',
            (trx) => setAdmin(ctx, trx, request.user!, request.params.id, request.body.user, admin),
          ),
      });
    }
  };
}
