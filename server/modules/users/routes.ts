import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { emailChangeRoutes } from './email-change-routes';
import { userDocument, userParams, userSettingsBody } from '../../../contract/users';
import { errorResponses } from '../../lib/schemas';
import { changeSettings, findVisibleUser, userDocumentFor } from './service';

const userErrors = errorResponses(400, 401, 404);

// Mounted under /api/ph.
export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(ctx);
    await app.register(emailChangeRoutes(ctx));

    app.get(
      '/users/:id/',
      {
        onRequest: auth,
        schema: {
          tags: ['users'],
          summary: 'The current user (or any user, for support users)',
          security: [{ bearer: [] }],
          params: userParams,
          response: { 200: userDocument, ...userErrors },
        },
      },
      async (request) => {
        const user = await findVisibleUser(ctx.db, request.user!, request.params.id);
        return userDocumentFor(ctx.db, user, ctx.config.billing?.trialDays);
      },
    );

    app.patch(
      '/users/:id/settings/',
      {
        onRequest: auth,
        schema: {
          tags: ['users'],
          summary: 'Store the layout theme and language of the current user',
          security: [{ bearer: [] }],
          params: userParams,
          body: userSettingsBody,
          response: { 200: userDocument, ...userErrors },
        },
      },
      (request) =>
        withAudit(ctx, request, 'users.settings.update', (trx) =>
          changeSettings(trx, request.user!, request.params.id, request.body, ctx.config.billing?.trialDays),
        ),
    );
  };
}
