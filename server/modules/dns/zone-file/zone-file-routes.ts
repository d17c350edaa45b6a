import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { routeOf } from '../../../lib/operation';
import { dnsOps as ops } from '../../../../contract/operations/dns';
import { withAudit } from '../../shared/with-audit';
import { requireAuth } from '../../auth';
import { maxZoneFileLength } from '../../../../contract/dns-zone-file';
import type { DnsActor } from '../service';
import { exportZoneFile, importZoneFile, previewImport } from './zone-file';

// The JSON body holds the file as one string: room for the longest file with every character escaped.
const bodyLimit = maxZoneFileLength * 2 + 4096;

// Mounted under /api/dm beside the other DNS calls: a zone as a BIND master file, out and in.
export function zoneFileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const actorOf = (user: unknown) => user as DnsActor;

    app.route({
      ...routeOf(app.prefix, ops.exportZone),
      onRequest,
      handler: async (request, reply) => {
        const { name, text } = await ctx.db
          .transaction()
          .execute((trx) => exportZoneFile(ctx, trx, actorOf(request.user), request.params.zone));
        return reply
          .type('text/plain; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}zone"`)
          .send(text);
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.previewImport),
      onRequest,
      bodyLimit,
      handler: async (request) => {
        const result = await ctx.db
          .transaction()
          .execute((trx) =>
            previewImport(ctx, trx, actorOf(request.user), request.params.zone, request.body.text),
          );
        if (result instanceof Error) throw result;
        return result;
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.importZone),
      onRequest,
      bodyLimit,
      handler: (request) =>
        withAudit(ctx, request, 'dns.zone_import', (trx) =>
          importZoneFile(ctx, trx, actorOf(request.user), request.params.zone, request.body),
        ),
    });
  };
}
