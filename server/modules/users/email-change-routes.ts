import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { deliverInBackground } from '../../mail/app-mail';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { cancelEmailChange, confirmEmailChange, showEmailChange } from './email-change-service';
import { routeOf } from '../../lib/operation';
import { userOps } from '../../../contract/operations/users';

// A change of one's own address waiting for confirmation (mounted under /api/ph by routes.ts); it is asked
// for with PATCH /users/{self}/ {email, current_password}.
export function emailChangeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);

    app.route({
      ...routeOf(app.prefix, userOps.pendingEmailChange),
      onRequest,
      handler: (request) => showEmailChange(ctx, ctx.db, request.user!, request.params.id),
    });

    app.route({
      ...routeOf(app.prefix, userOps.cancelEmailChange),
      onRequest,
      handler: (request) =>
        withAudit(ctx, request, 'users.email_change.cancel', (trx) =>
          cancelEmailChange(ctx, trx, request.user!, request.params.id),
        ),
    });

    app.route({
      ...routeOf(app.prefix, userOps.confirmEmailChange),
      handler: async (request) => {
        const outbox: number[] = [];
        const body = await withAudit(ctx, request, 'users.email_change.confirm', (trx, scope) =>
          confirmEmailChange(ctx, trx, request.body.token, request.ip, outbox, scope),
        );
        deliverInBackground(ctx, outbox);
        return body;
      },
    });
  };
}
