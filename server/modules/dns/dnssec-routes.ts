import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { secured } from '../../lib/route-schema';
import { errorResponses } from '../../lib/schemas';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { serviceErrorDocument, zoneParams } from '../../../contract/dns';
import { dnssecBody, dnssecDocument } from '../../../contract/dns-dnssec';
import { readDnssec, setDnssec } from './dnssec';
import type { DnsActor } from './service';

const errors = {
  ...errorResponses(400, 401, 403, 404),
  502: serviceErrorDocument,
  503: serviceErrorDocument,
};
const path = '/power-dns/servers/localhost/zones/:zone/dnssec/';

// Mounted under /api/dm beside the other DNS calls: a zone's DNSSEC signing and its DS records.
export function dnssecRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const tag = 'dns';
    const actorOf = (user: unknown) => user as DnsActor;

    app.get(
      path,
      {
        onRequest,
        schema: secured(tag, 'Whether the zone is signed, its keys and the DS records for the registrar', {
          params: zoneParams,
          response: { 200: dnssecDocument, ...errors },
        }),
      },
      (request) =>
        ctx.db
          .transaction()
          .execute((trx) => readDnssec(ctx, trx, actorOf(request.user), request.params.zone)),
    );

    app.put(
      path,
      {
        onRequest,
        schema: secured(tag, 'Sign the zone or stop signing it (owner, admin)', {
          params: zoneParams,
          body: dnssecBody,
          response: { 200: dnssecDocument, ...errors },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'dns.dnssec', (trx) =>
          setDnssec(ctx, trx, actorOf(request.user), request.params.zone, request.body.enabled),
        ),
    );
  };
}
