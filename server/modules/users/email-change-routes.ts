import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { deliverInBackground } from '../../mail/app-mail';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { secured } from '../../lib/route-schema';
import {
  detailDocument,
  emailChangeConfirmBody,
  emailChangeStateDocument,
  userParams,
} from '../../../contract/users';
import { errorResponses } from '../../lib/schemas';
import { cancelEmailChange, confirmEmailChange, showEmailChange } from './email-change-service';

const emailChangeErrors = errorResponses(400, 401, 404, 429);
const emailChangePublicErrors = errorResponses(400, 429);

// A change of one's own address waiting for confirmation (mounted under /api/ph by routes.ts); it is asked
// for with PATCH /users/{self}/ {email, current_password}.
export function emailChangeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const tag = 'users';

    app.get(
      '/users/:id/email-change/',
      {
        onRequest,
        schema: secured(tag, 'Your address change waiting for confirmation (null when none)', {
          params: userParams,
          response: { 200: emailChangeStateDocument, ...emailChangeErrors },
        }),
      },
      (request) => showEmailChange(ctx, ctx.db, request.user!, request.params.id),
    );

    app.delete(
      '/users/:id/email-change/',
      {
        onRequest,
        schema: secured(tag, 'Cancel your address change; its link stops working', {
          params: userParams,
          response: { 200: emailChangeStateDocument, ...emailChangeErrors },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'users.email_change.cancel', (trx) =>
          cancelEmailChange(ctx, trx, request.user!, request.params.id),
        ),
    );

    app.post(
      '/email-change/confirm/',
      {
        schema: {
          tags: [tag],
          summary: 'Confirm a new account address with the token mailed to it (public, single use)',
          body: emailChangeConfirmBody,
          response: { 200: detailDocument, ...emailChangePublicErrors },
        },
      },
      async (request) => {
        const outbox: number[] = [];
        const body = await withAudit(ctx, request, 'users.email_change.confirm', (trx, scope) =>
          confirmEmailChange(ctx, trx, request.body.token, request.ip, outbox, scope),
        );
        deliverInBackground(ctx, outbox);
        return body;
      },
    );
  };
}
