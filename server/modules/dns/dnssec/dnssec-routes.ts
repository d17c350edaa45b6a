import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { routeOf } from '../../../lib/operation';
import { dnsOps as ops } from '../../../../contract/operations/dns';
import { withAudit } from '../../shared/with-audit';
import { requireAuth } from '../../auth';
import { readDnssec, setDnssec } from './dnssec';
import type { DnsActor } from '../service';

// Mounted under /api/dm beside the other DNS calls: a zone's DNSSEC signing and its DS records.
export function dnssecRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const actorOf = (user: unknown) => user as DnsActor;

    app.route({
      ...routeOf(app.prefix, ops.dnssec),
      onRequest,
      handler: (request) =>
        ctx.db
          .transaction()
          .execute((trx) => readDnssec(ctx, trx, actorOf(request.user), request.params.zone)),
    });

    app.route({
      ...routeOf(app.prefix, ops.setDnssec),
      onRequest,
      handler: (request) =>
        withAudit(ctx, request, 'dns.dnssec', (trx) =>
          setDnssec(ctx, trx, actorOf(request.user), request.params.zone, request.body.enabled),
        ),
    });
  };
}
