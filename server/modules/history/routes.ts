import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { errorResponses } from '../../lib/schemas';
import { historyList, historyParams, historyQuery } from '../../../contract/domain-info';
import { requireAuth } from '../auth';
import { visibleDomain } from '../analysis';
import { pageLinks, pageMeta, paging } from '../../lib/paging';
import { secured } from '../../lib/route-schema';

// Mounted under /api/dm: the DNS history of a domain (checks contract 4), newest change first, the items of
// one change (they share its date) in record order; empty content marks a removed set (docs/CHECKS.md).

const params = historyParams;
const query = historyQuery;
export function historyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/domains/:id/history/:type/',
      {
        onRequest: requireAuth(ctx),
        schema: secured(
          'history',
          'Changes of one record set of a domain (dmarc, spf, dns, ns, mtaSts), paged',
          {
            params,
            querystring: query,
            response: { 200: historyList, ...errorResponses(400, 401, 403, 404) },
          },
        ),
      },
      async (request) => {
        const domain = await visibleDomain(
          ctx.db,
          request.user!,
          { id: request.params.id },
          request.query.organization,
        );
        const p = paging(request.query);
        const base = ctx.db
          .selectFrom('check_history')
          .where('organization_id', '=', domain.organization_id)
          .where('domain_id', '=', domain.id)
          .where('type', '=', request.params.type);
        const { n } = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
        const rows = await base
          .select(['id', 'date', 'rr_type', 'ttl', 'content'])
          .orderBy('date', 'desc')
          .orderBy('id', 'asc')
          .offset(p.offset)
          .limit(p.pageSize)
          .execute();
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
    );
  };
}
