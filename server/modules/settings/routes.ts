import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { secured } from '../../lib/route-schema';
import { settingsDocument, settingsPatch } from '../../../contract/settings';
import { errorResponses } from '../../lib/schemas';
import { readSettings, updateSettings } from './service';

const settingsErrors = errorResponses(400, 401, 403, 404);

// Dynamic settings of the caller's organization (mounted under /api/ph).
export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    app.get(
      '/settings/organization/',
      {
        onRequest,
        schema: secured('settings', "The organization's run-time settings (owner, admin)", {
          response: { 200: settingsDocument, ...settingsErrors },
        }),
      },
      (request) => readSettings(ctx.db, request.user!),
    );
    app.patch(
      '/settings/organization/',
      {
        onRequest,
        schema: secured('settings', 'Change run-time settings; the mailbox password is write-only', {
          body: settingsPatch,
          response: { 200: settingsDocument, ...settingsErrors },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'settings.organization.update', (trx) =>
          updateSettings(ctx, trx, request.user!, request.body),
        ),
    );
  };
}
