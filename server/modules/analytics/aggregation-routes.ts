import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { readDb } from '../../db/read-db';
import { jsonOrCsv } from '../../lib/csv';
import { requireAuth } from '../auth';
import { secured } from '../../lib/route-schema';
import { logoUrl } from '../email-senders';
import { aggregatedByDomain, type DomainRow } from './aggregated-by-domain-query';
import { aggregatedByIp, type IpRow } from './aggregated-by-ip-query';
import { aggregatedBySender, type SenderServiceRow } from './aggregated-by-sender-query';
import { createGeoLookup } from '../../geo/maxmind';
import { percent } from './documents';
import { resolveSelection } from './filter';
import { withPlaces } from './geo-columns';
import { answerList } from './list-answer';
import { errorResponses } from '../../lib/schemas';
import { aggregationQuery, byDomainList, byIpList, bySenderServiceList } from '../../../contract/analytics';

const analyticsErrors = errorResponses(400, 401, 403, 404);

// GET /aggregated-by-domain/, /aggregated-by-ip/ and /aggregated-by-sender-service/ (spec section 7): paged
// (links current, first, last, next, prev), sorted by ?ordering=, searched by ?search=, under the global
// filter, or all of it as CSV with ?format=csv. Mounted under /api/dm.

const rates = (r: { messages: number; dmarc_passed: number }) => ({
  dmarc_passed_percentage: percent(r.dmarc_passed, r.messages),
});

const counts = ['messages', 'records', 'dmarc_passed', 'dmarc_failed', 'dkim_passed', 'spf_passed'] as const;

export function aggregationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const geo = createGeoLookup(
      { cityDb: ctx.config.reputation.geoipCityDb, asnDb: ctx.config.reputation.geoipAsnDb },
      (message) => ctx.logger.warn(message),
    );
    const schema = (
      summary: string,
      list: typeof byDomainList | typeof byIpList | typeof bySenderServiceList,
    ) =>
      secured('analytics', summary, {
        querystring: aggregationQuery,
        response: { 200: jsonOrCsv(list), ...analyticsErrors },
      });

    app.get(
      '/aggregated-by-domain/',
      { onRequest, schema: schema('Messages and results per domain, paged (or CSV)', byDomainList) },
      async (request, reply) => {
        const s = await resolveSelection(ctx.db, request.user!, request.query, ctx.now());
        const db = await readDb(ctx, request.user!);
        return answerList(reply, request.url, request.query, s, {
          type: 'aggregated-by-domain',
          id: (r) => r.domain,
          attributes: (rows: DomainRow[]) => rows.map((r) => ({ ...r, ...rates(r) })),
          csv: { name: 'by-domain', columns: ['domain', ...counts, 'dmarc_passed_percentage', 'sources'] },
          fetch: (page) => aggregatedByDomain(db, s, page),
        });
      },
    );

    app.get(
      '/aggregated-by-ip/',
      { onRequest, schema: schema('Messages and results per source IP, paged (or CSV)', byIpList) },
      async (request, reply) => {
        const s = await resolveSelection(ctx.db, request.user!, request.query, ctx.now());
        const db = await readDb(ctx, request.user!);
        return answerList(reply, request.url, request.query, s, {
          type: 'aggregated-by-ip',
          id: (r) => r.source_ip,
          attributes: (rows: IpRow[]) =>
            withPlaces(
              geo,
              rows.map((r) => ({ ...r, ...rates(r) })),
            ),
          csv: {
            name: 'by-ip',
            columns: [
              'source_ip',
              'reverse_dns',
              'sender_service',
              ...counts,
              'dmarc_passed_percentage',
              'domains',
            ],
          },
          fetch: (page) => aggregatedByIp(db, s, page),
        });
      },
    );

    app.get(
      '/aggregated-by-sender-service/',
      {
        onRequest,
        schema: schema('Messages and results per sender service, paged (or CSV)', bySenderServiceList),
      },
      async (request, reply) => {
        const s = await resolveSelection(ctx.db, request.user!, request.query, ctx.now());
        const db = await readDb(ctx, request.user!);
        return answerList(reply, request.url, request.query, s, {
          type: 'aggregated-by-sender-service',
          id: (r) => r.sender_service,
          attributes: (rows: SenderServiceRow[]) =>
            rows.map(({ logo_mime, logo_version, ...r }) => ({
              ...r,
              logo:
                r.email_sender_id === null
                  ? null
                  : logoUrl({ id: r.email_sender_id, logo_mime, logo_version: logo_version ?? 0 }),
              ...rates(r),
            })),
          csv: {
            name: 'by-sender-service',
            columns: [
              'sender_service',
              'email_sender_id',
              'messages',
              'dkim_passed',
              'spf_passed',
              'dmarc_passed',
              'dmarc_passed_percentage',
              'ips',
              'domains',
            ],
          },
          fetch: (page) => aggregatedBySender(db, s, page),
        });
      },
    );
  };
}
