import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { routeOf } from '../../../lib/operation';
import { dnsOps as ops } from '../../../../contract/operations/dns';
import { withAudit } from '../../shared/with-audit';
import { requireAuth } from '../../auth';
import type { DnsActor } from '../service';
import { applyFix, listFixes } from './fixes';

// Mounted under /api/dm beside the other DNS calls: the zone's suggested fixes, listed and applied.
export function fixRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const actorOf = (user: unknown) => user as DnsActor;

    app.route({
      ...routeOf(app.prefix, ops.fixes),
      onRequest,
      handler: (request) =>
        ctx.db
          .transaction()
          .execute((trx) => listFixes(ctx, trx, actorOf(request.user), request.params.zone)),
    });

    app.route({
      ...routeOf(app.prefix, ops.applyFix),
      onRequest,
      handler: (request) =>
        withAudit(ctx, request, 'dns.fix_apply', (trx) =>
          applyFix(
            ctx,
            trx,
            actorOf(request.user),
            request.params.zone,
            request.params.kind,
            request.body.version,
          ),
        ),
    });
  };
}
