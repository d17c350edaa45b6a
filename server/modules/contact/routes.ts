import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { withAudit } from '../shared/with-audit';
import { messageSent, submitContact } from './service';
import { routeOf } from '../../lib/operation';
import { contactOps } from '../../../contract/operations/contact';

// Mounted under /api/ph. Public.
export function contactRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(app.prefix, contactOps.send),
      handler: async (request, reply) => {
        const { outboxId } = await withAudit(
          ctx,
          request,
          'contact.create',
          (trx) => submitContact(ctx, trx, request.body, request.ip),
          { status: 201 },
        );
        await ctx.mailer.deliver(ctx.db, outboxId);
        return reply.code(201).send({ detail: messageSent });
      },
    });
  };
}
