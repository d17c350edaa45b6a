import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { secured } from '../../lib/route-schema';
import { errorResponses } from '../../lib/schemas';
import { deliverInBackground } from '../../mail/app-mail';
import { requireAuth } from '../auth';
import { withAudit } from '../shared/with-audit';
import {
  recipientDecisionBody,
  recipientDecisionDocument,
  recipientResendBody,
  recipientResendDocument,
} from '../../../contract/recipients';
import { decideRecipient, resendConfirmation } from './service';

const tag = 'recipients';

// Outside recipients' confirmation (docs/DIGESTS.md, "Who gets the mail"), mounted under /api/ph. The
// answer to a link is a POST from the SPA's page: mail scanners fetch GET links, and must not decide.
export function recipientRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/recipient-confirmations/',
      {
        schema: {
          tags: [tag],
          summary: 'Confirm or decline mail from an organization (public, the mailed single-use link)',
          body: recipientDecisionBody,
          response: { 200: recipientDecisionDocument, ...errorResponses(400, 429) },
        },
      },
      (request) =>
        withAudit(ctx, request, 'recipients.decide', (trx) =>
          decideRecipient(ctx, trx, request.body, request.ip),
        ),
    );

    app.post(
      '/recipient-confirmations/resend/',
      {
        onRequest: requireAuth(ctx),
        schema: secured(tag, 'Mail the confirmation link again to a waiting address (limited)', {
          body: recipientResendBody,
          response: { 200: recipientResendDocument, ...errorResponses(400, 401, 403, 429) },
        }),
      },
      async (request) => {
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
    );
  };
}
