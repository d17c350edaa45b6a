import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { deliverInBackground } from '../../mail/app-mail';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { confirmInvitation, invite, resend } from './registrations-service';
import { routeOf } from '../../lib/operation';
import { organizationOps } from '../../../contract/operations/organizations';

// Member registrations: invitations by e-mail (mounted under /api/ph).
export function registrationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);

    app.route({
      ...routeOf(app.prefix, organizationOps.register),
      onRequest,
      handler: async (request, reply) => {
        const outbox: number[] = [];
        const doc = await withAudit(
          ctx,
          request,
          'member_registrations.create',
          (trx) => invite(ctx, trx, request.user!, request.body, outbox),
          { status: 201 },
        );
        deliverInBackground(ctx, outbox);
        return reply.code(201).send(doc);
      },
    });

    app.route({
      ...routeOf(app.prefix, organizationOps.resendRegistration),
      onRequest,
      handler: async (request) => {
        const outbox: number[] = [];
        const doc = await withAudit(ctx, request, 'member_registrations.resend', (trx) =>
          resend(ctx, trx, request.user!, request.params.id, outbox),
        );
        deliverInBackground(ctx, outbox);
        return doc;
      },
    });

    app.route({
      ...routeOf(app.prefix, organizationOps.confirmRegistration),
      handler: async (request, reply) => {
        const body = await withAudit(
          ctx,
          request,
          'member_registrations.confirm',
          (trx) => confirmInvitation(ctx, trx, request.body, request.ip),
          { status: 201 },
        );
        return reply.code(201).send(body);
      },
    });
  };
}
