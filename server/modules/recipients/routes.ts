import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { deliverInBackground } from '../../mail/app-mail';
import { requireAuth } from '../auth';
import { withAudit } from '../shared/with-audit';
import { decideRecipient, resendConfirmation } from './service';
import { routeOf } from '../../lib/operation';
import { recipientOps } from '../../../contract/operations/recipients';

// Outside recipients' confirmation (docs/DIGESTS.md, "Who gets the mail"), mounted under /api/ph. The
// answer to a link is a POST from the SPA's page: mail scanners fetch GET links, and must not decide.
export function recipientRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(app.prefix, recipientOps.confirm),
      handler: (request) =>
        withAudit(ctx, request, 'recipients.decide', (trx) =>
          decideRecipient(ctx, trx, request.body, request.ip),
        ),
    });

    app.route({
      ...routeOf(app.prefix, recipientOps.resend),
      onRequest: requireAuth(ctx),
      handler: async (request) => {
        const outbox: number[] = [];
        const doc = await withAudit(ctx, request, 'recipients.resend', async (trx) => {
          const me = await trx
            .selectFrom('users')
            .select('language')
            .where('id', '=', request.user!.id)
            .executeTakeFirst();
          return resendConfirmation(ctx, trx, outbox, request.user!, request.body, me?.language ?? 'en');
        });
        deliverInBackground(ctx, outbox);
        return doc;
      },
    });
  };
}
