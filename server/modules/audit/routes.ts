import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorResponses } from '../../lib/schemas';
import { requireAuth } from '../auth';
import { secured } from '../../lib/route-schema';
import { auditList, auditQuery, listOperations } from './list';

// Mounted under /api/ph.
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/audit/operations/',
      {
        onRequest: requireAuth(ctx),
        schema: secured(
          'audit',
          'Audit operations of the organization; ?user=&operation=&date_from=&date_to=&page=',
          {
            querystring: auditQuery,
            response: { 200: auditList, ...errorResponses(400, 401, 403) },
          },
        ),
      },
      (request) => listOperations(ctx.db, request.user!, request.query, request.url),
    );
  };
}
