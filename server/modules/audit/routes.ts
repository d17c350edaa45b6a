import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireAuth } from '../auth';
import { listOperations } from './list';
import { routeOf } from '../../lib/operation';
import { auditOps } from '../../../contract/operations/audit';

// Mounted under /api/ph.
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(app.prefix, auditOps.operations),
      onRequest: requireAuth(ctx),
      handler: (request) => listOperations(ctx.db, request.user!, request.query, request.url),
    });
  };
}
