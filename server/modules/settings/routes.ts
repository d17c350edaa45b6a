import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { readSettings, updateSettings } from './service';
import { routeOf } from '../../lib/operation';
import { settingsOps } from '../../../contract/operations/settings';

// Dynamic settings of the caller's organization (mounted under /api/ph).
export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    app.route({
      ...routeOf(app.prefix, settingsOps.get),
      onRequest,
      handler: (request) => readSettings(ctx.db, request.user!),
    });
    app.route({
      ...routeOf(app.prefix, settingsOps.update),
      onRequest,
      handler: (request) =>
        withAudit(ctx, request, 'settings.organization.update', (trx) =>
          updateSettings(ctx, trx, request.user!, request.body),
        ),
    });
  };
}
