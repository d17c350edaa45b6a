import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { secured } from '../../lib/route-schema';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { zoneParams } from '../../../contract/dns';
import { dnssecBody, dnssecDocument } from '../../../contract/dns-dnssec';
import { readDnssec, setDnssec } from './dnssec';
import { dnsReadErrors, zonesPath } from './route-errors';
import type { DnsActor } from './service';

const path = `${zonesPath}:zone/dnssec/`;

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
          response: { 200: dnssecDocument, ...dnsReadErrors },
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
          response: { 200: dnssecDocument, ...dnsReadErrors },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'dns.dnssec', (trx) =>
          setDnssec(ctx, trx, actorOf(request.user), request.params.zone, request.body.enabled),
        ),
    );
  };
}
