import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { emailChangeRoutes } from './email-change-routes';
import { changeSettings, findVisibleUser, userDocumentFor } from './service';
import { routeOf } from '../../lib/operation';
import { userOps } from '../../../contract/operations/users';

// Mounted under /api/ph.
export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(ctx);
    await app.register(emailChangeRoutes(ctx));

    app.route({
      ...routeOf(app.prefix, userOps.get),
      onRequest: auth,
      handler: async (request) => {
        const user = await findVisibleUser(ctx.db, request.user!, request.params.id);
        return userDocumentFor(ctx.db, user, ctx.config.billing?.trialDays);
      },
    });

    app.route({
      ...routeOf(app.prefix, userOps.updateSettings),
      onRequest: auth,
      handler: (request) =>
        withAudit(ctx, request, 'users.settings.update', (trx) =>
          changeSettings(trx, request.user!, request.params.id, request.body, ctx.config.billing?.trialDays),
        ),
    });
  };
}
