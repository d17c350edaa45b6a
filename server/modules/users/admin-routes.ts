import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { deliverInBackground } from '../../mail/app-mail';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { createUser, listUsers, updateUser } from './admin-service';
import { deleteUser } from './deletion';
import { authorizationGroups, permissions, setGroups, setUserDomains, userDomains } from './groups-service';
import { routeOf } from '../../lib/operation';
import { userOps } from '../../../contract/operations/users';

// User administration (mounted under /api/ph); GET /users/{id}/ and its settings live in routes.ts.
export function userAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);

    app.route({
      ...routeOf(app.prefix, userOps.list),
      onRequest,
      handler: (request) => listUsers(ctx.db, request.user!, request.query, request.url),
    });

    app.route({
      ...routeOf(app.prefix, userOps.create),
      onRequest,
      handler: async (request, reply) => {
        const doc = await withAudit(
          ctx,
          request,
          'users.create',
          (trx) => createUser(ctx, trx, request.user!, request.body),
          { status: 201 },
        );
        return reply.code(201).send(doc);
      },
    });

    app.route({
      ...routeOf(app.prefix, userOps.update),
      onRequest,
      handler: async (request) => {
        const outbox: number[] = [];
        const doc = await withAudit(ctx, request, 'users.update', (trx) =>
          updateUser(ctx, trx, request.user!, request.params.id, request.body, outbox),
        );
        deliverInBackground(ctx, outbox);
        return doc;
      },
    });

    app.route({
      ...routeOf(app.prefix, userOps.delete),
      onRequest,
      handler: (request) =>
        withAudit(ctx, request, 'users.delete', (trx) =>
          deleteUser(ctx, trx, request.user!, request.params.id, request.body.password),
        ),
    });

    app.route({
      ...routeOf(app.prefix, userOps.groups),
      onRequest,
      handler: async () => authorizationGroups(),
    });

    app.route({
      ...routeOf(app.prefix, userOps.setGroups),
      onRequest,
      handler: (request) =>
        withAudit(ctx, request, 'users.groups.update', (trx) =>
          setGroups(trx, request.user!, request.params.id, request.body.groups),
        ),
    });

    app.route({
      ...routeOf(app.prefix, userOps.permissions),
      onRequest,
      handler: (request) => permissions(ctx.db, request.user!, request.params.id),
    });

    app.route({
      ...routeOf(app.prefix, userOps.domains),
      onRequest,
      handler: (request) => userDomains(ctx.db, request.user!, request.params.id),
    });

    app.route({
      ...routeOf(app.prefix, userOps.setDomains),
      onRequest,
      handler: (request) =>
        withAudit(ctx, request, 'users.domains.update', (trx) =>
          setUserDomains(trx, request.user!, request.params.id, request.body.domains),
        ),
    });
  };
}
