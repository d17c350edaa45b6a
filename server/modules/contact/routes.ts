import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { withAudit } from '../shared/with-audit';
import { contactBody, contactSentDocument } from '../../../contract/contact';
import { errorResponses } from '../../lib/schemas';
import { messageSent, submitContact } from './service';

// Mounted under /api/ph. Public.
export function contactRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/contact/',
      {
        schema: {
          tags: ['contact'],
          summary: 'Send a message to the operator (public, rate limited per IP)',
          body: contactBody,
          response: { 201: contactSentDocument, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
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
    );
  };
}
