import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { readDb } from '../../../db/read-db';
import { requireAuth } from '../../auth';
import { routeOf } from '../../../lib/operation';
import { logoUrl } from '../../email-senders';
import { aggregatedByDomain, type DomainRow } from './aggregated-by-domain-query';
import { aggregatedByIp, type IpRow } from './aggregated-by-ip-query';
import { aggregatedBySender, type SenderServiceRow } from './aggregated-by-sender-query';
import { createGeoLookup } from '../../../geo/maxmind';
import { percent } from '../overview/documents';
import { resolveSelection } from '../selection/filter';
import { withPlaces } from '../selection/geo-columns';
import { answerList } from '../selection/list-answer';
import { analyticsOps as ops } from '../../../../contract/operations/analytics';

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

    app.route({
      ...routeOf(app.prefix, ops.byDomain),
      onRequest,
      handler: async (request, reply) => {
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
    });

    app.route({
      ...routeOf(app.prefix, ops.byIp),
      onRequest,
      handler: async (request, reply) => {
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
    });

    app.route({
      ...routeOf(app.prefix, ops.bySenderService),
      onRequest,
      handler: async (request, reply) => {
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
    });
  };
}
