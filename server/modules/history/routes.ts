import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { routeOf } from '../../lib/operation';
import { domainInfoOps } from '../../../contract/operations/domain-info';
import { requireAuth } from '../auth';
import { visibleDomain } from '../analysis';
import { pageLinks, pageMeta, paging } from '../../lib/paging';
import { historyRows } from './repo';

// Mounted under /api/dm: the DNS history of a domain (checks contract 4), newest change first, the items of
// one change (they share its date) in record order; empty content marks a removed set (docs/CHECKS.md).
export function historyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(app.prefix, domainInfoOps.history),
      onRequest: requireAuth(ctx),
      handler: async (request) => {
        const domain = await visibleDomain(
          ctx.db,
          request.user!,
          { id: request.params.id },
          request.query.organization,
        );
        const p = paging(request.query);
        const { count: n, rows } = await historyRows(ctx.db, domain, request.params.type, p);
        return {
          data: rows.map((r) => ({
            type: 'history' as const,
            id: String(r.id),
            attributes: {
              date: new Date(r.date).toISOString(),
              type: r.rr_type,
              ttl: r.ttl,
              content: r.content,
            },
          })),
          links: pageLinks(request.url, p, n),
          meta: pageMeta(p, n),
        };
      },
    });
  };
}
