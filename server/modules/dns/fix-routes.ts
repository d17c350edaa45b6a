import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { secured } from '../../lib/route-schema';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { conflictDocument, zoneDocument, zoneParams } from '../../../contract/dns';
import { fixApplyBody, fixListDocument, fixParams } from '../../../contract/dns-fixes';
import { dnsReadErrors, zonesPath } from './route-errors';
import type { DnsActor } from './service';
import { applyFix, listFixes } from './fixes';

const zones = zonesPath;

// Mounted under /api/dm beside the other DNS calls: the zone's suggested fixes, listed and applied.
export function fixRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const tag = 'dns';
    const actorOf = (user: unknown) => user as DnsActor;

    app.get(
      `${zones}:zone/fixes/`,
      {
        onRequest,
        schema: secured(tag, "Fixes proposed from the domain's checks, each as a change set preview", {
          params: zoneParams,
          response: { 200: fixListDocument, ...dnsReadErrors },
        }),
      },
      (request) =>
        ctx.db
          .transaction()
          .execute((trx) => listFixes(ctx, trx, actorOf(request.user), request.params.zone)),
    );

    app.post(
      `${zones}:zone/fixes/:kind/`,
      {
        onRequest,
        schema: secured(tag, 'Apply one suggested fix as a change set at the zone version (owner, admin)', {
          params: fixParams,
          body: fixApplyBody,
          response: { 200: zoneDocument, ...dnsReadErrors, 409: conflictDocument },
        }),
      },
      (request) =>
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
    );
  };
}
