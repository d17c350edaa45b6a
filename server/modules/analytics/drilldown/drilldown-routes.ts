import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { readDb } from '../../../db/read-db';
import { createGeoLookup } from '../../../geo/maxmind';
import { notFound } from '../../../lib/errors';
import { requireAuth } from '../../auth';
import { routeOf } from '../../../lib/operation';
import { resolveSelection } from '../selection/filter';
import { withPlaces } from '../selection/geo-columns';
import { answerList } from '../selection/list-answer';
import { messageRows, type MessageRow } from './messages-query';
import { analyticsOps as ops } from '../../../../contract/operations/analytics';
import { senderAssociations, senderNamed, type AssociationRow } from './sender-associations-query';
import { senderDetails, type DetailRow } from './sender-details-query';

// Drill-downs from the aggregations (spec sections 4 and 7), under /api/dm/dmarc/aggregate-reports/: the
// messages of a source IP or sender service, its details per reporter and day, and the IPs of an email
// sender. Same filter, paging, ordering, search and CSV export as the aggregations.

export function drilldownRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const geo = createGeoLookup(
      { cityDb: ctx.config.reputation.geoipCityDb, asnDb: ctx.config.reputation.geoipAsnDb },
      (message) => ctx.logger.warn(message),
    );
    app.route({
      ...routeOf(app.prefix, ops.messages),
      onRequest,
      handler: async (request, reply) => {
        const q = request.query;
        const s = await resolveSelection(ctx.db, request.user!, q, ctx.now());
        const db = await readDb(ctx, request.user!);
        const drill = { sourceIp: q.source_ip, senderService: q.sender_service };
        return answerList(reply, request.url, q, s, {
          type: 'messages',
          id: (r) => [r.source_ip, r.header_from, r.disposition, r.dkim, r.spf].join('|'),
          attributes: (rows: MessageRow[]) => withPlaces(geo, rows),
          csv: {
            name: 'messages',
            columns: [
              'source_ip',
              'reverse_dns',
              'country',
              'asn',
              'header_from',
              'envelope_from',
              'disposition',
              'dkim',
              'spf',
              'dmarc_pass',
              'messages',
              'records',
              'reports',
            ],
          },
          fetch: (page) => messageRows(db, s, drill, page),
        });
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.senderDetails),
      onRequest,
      handler: async (request, reply) => {
        const q = request.query;
        const s = await resolveSelection(ctx.db, request.user!, q, ctx.now());
        const db = await readDb(ctx, request.user!);
        const drill = { sourceIp: q.source_ip, senderService: q.sender_service };
        return answerList(reply, request.url, q, s, {
          type: 'sender-details',
          id: (r) => `${r.org_name}|${r.date}`,
          attributes: (rows: DetailRow[]) => rows,
          csv: {
            name: 'sender-details',
            columns: ['org_name', 'date', 'messages', 'dkim_passed', 'spf_passed', 'dmarc_passed'],
          },
          fetch: (page) => senderDetails(db, s, drill, page),
        });
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.senderAssociations),
      onRequest,
      handler: async (request, reply) => {
        const q = request.query;
        const sender = await senderNamed(ctx.db, q.email_sender);
        if (!sender) throw notFound();
        const s = await resolveSelection(ctx.db, request.user!, q, ctx.now());
        const db = await readDb(ctx, request.user!);
        return answerList(reply, request.url, q, s, {
          type: 'sender-associations',
          id: (r) => r.id,
          attributes: (rows: AssociationRow[]) => rows,
          csv: { name: 'sender-associations', columns: ['ip', 'reverse_dns', 'messages'] },
          fetch: (page) => senderAssociations(db, s, sender.name, page),
        });
      },
    });
  };
}
