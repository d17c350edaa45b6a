import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireAuth } from '../auth/bearer';
import { pageLinks, pageMeta, paging } from '../organizations/paging';
import { secured } from '../organizations/route-schema';
import { aggregatedByDomain } from './aggregated-by-domain-query';
import { aggregatedByIp } from './aggregated-by-ip-query';
import { percent } from './documents';
import { resolveSelection } from './filter';
import { aggregationList, aggregationQuery, analyticsErrors } from './schemas';

// GET /aggregated-by-domain/ and /aggregated-by-ip/ (spec section 7): paged (links current, first, last,
// next, prev), sorted by ?ordering=, searched by ?search=, under the global filter. Mounted under /api/dm.

const rates = (r: { messages: number; dmarc_passed: number }) => ({
  dmarc_passed_percentage: percent(r.dmarc_passed, r.messages),
});

export function aggregationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const schema = (summary: string) =>
      secured('analytics', summary, {
        querystring: aggregationQuery,
        response: { 200: aggregationList, ...analyticsErrors },
      });

    app.get(
      '/aggregated-by-domain/',
      { onRequest, schema: schema('Messages and results per domain, paged') },
      async (request) => {
        const q = request.query;
        const s = await resolveSelection(ctx.db, request.user!, q, ctx.now());
        const p = paging(q);
        const page = { offset: p.offset, limit: p.pageSize, search: q.search, ordering: q.ordering };
        const { count, rows } = await aggregatedByDomain(ctx.db, s, page);
        return {
          data: rows.map((r) => ({
            type: 'aggregated-by-domain',
            id: r.domain,
            attributes: { ...r, ...rates(r) },
          })),
          links: pageLinks(request.url, p, count),
          meta: { ...pageMeta(p, count), begin_date: s.begin, end_date: s.end },
        };
      },
    );

    app.get(
      '/aggregated-by-ip/',
      { onRequest, schema: schema('Messages and results per source IP, paged') },
      async (request) => {
        const q = request.query;
        const s = await resolveSelection(ctx.db, request.user!, q, ctx.now());
        const p = paging(q);
        const page = { offset: p.offset, limit: p.pageSize, search: q.search, ordering: q.ordering };
        const { count, rows } = await aggregatedByIp(ctx.db, s, page);
        return {
          data: rows.map((r) => ({
            type: 'aggregated-by-ip',
            id: r.source_ip,
            attributes: { ...r, ...rates(r) },
          })),
          links: pageLinks(request.url, p, count),
          meta: { ...pageMeta(p, count), begin_date: s.begin, end_date: s.end },
        };
      },
    );
  };
}
