import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { pageLinks, pageMeta, paging } from '../../lib/paging';
import { routeOf } from '../../lib/operation';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { dnsOps as ops } from '../../../contract/operations/dns';
import { recordRows, revertChangeSet, zoneHistory } from './zones/history';
import { countZones, listZones } from './repo';
import { applyChanges } from './records/apply-changes';
import { type DnsActor, pdnsOf, scopeOf, zoneFor, zoneSummary } from './service';
import { dnssecRoutes } from './dnssec/dnssec-routes';
import { fixRoutes } from './fixes/fix-routes';
import { zoneFileRoutes } from './zone-file/zone-file-routes';
import { createZone, deleteZone, loadZone } from './zones/zones';

const actorOf = (request: FastifyRequest): DnsActor => request.user!;

// Mounted under /api/dm: spec section 7's DNS calls (server name localhost), the history, revert, record
// rows, whether DNS hosting is configured at all; zone files (zone-file/zone-file-routes.ts), DNSSEC
// (dnssec/dnssec-routes.ts) and suggested fixes (fixes/fix-routes.ts).
export function dnsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);

    app.route({
      ...routeOf(app.prefix, ops.status),
      onRequest,
      handler: async () => {
        const settings = ctx.config.powerDns;
        if (!settings)
          return {
            configured: false,
            reachable: null,
            server: 'localhost' as const,
            default_nameservers: [],
          };
        const reachable = await pdnsOf(ctx)
          .server()
          .then(() => true)
          .catch(() => false);
        return {
          configured: true,
          reachable,
          server: 'localhost' as const,
          default_nameservers: settings.nameservers,
        };
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.listZones),
      onRequest,
      handler: async (request) => {
        const pdns = pdnsOf(ctx);
        const scope = scopeOf(request.user!, false);
        const p = paging(request.query);
        const count = await countZones(ctx.db, scope);
        const rows = await listZones(ctx.db, scope, p.offset, p.pageSize);
        // Signing is PowerDNS's state, read in one call for the page; unknown when PowerDNS does not answer.
        const signed = await pdns
          .listZones()
          .then((all) => new Map(all.map((z) => [z.name, z.dnssec])))
          .catch(() => null);
        return {
          data: rows.map((row) => ({
            ...zoneSummary(row, row.records),
            dnssec: signed?.get(row.name) ?? null,
          })),
          links: pageLinks(request.url, p, count),
          meta: pageMeta(p, count),
        };
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.createZone),
      onRequest,
      handler: async (request, reply) => {
        const doc = await withAudit(
          ctx,
          request,
          'dns.zone_create',
          (trx) => createZone(ctx, trx, actorOf(request), request.body),
          { status: 201 },
        );
        return reply.code(201).send(doc);
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.zone),
      onRequest,
      handler: (request) => {
        return ctx.db
          .transaction()
          .execute((trx) => loadZone(ctx, trx, actorOf(request), request.params.zone));
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.patchZone),
      onRequest,
      handler: async (request) => {
        const actor = actorOf(request);
        return withAudit(ctx, request, 'dns.zone_update', async (trx) => {
          const zone = await zoneFor(trx, actor, request.params.zone, true, true);
          const { version, rrsets } = request.body;
          return applyChanges(ctx, trx, actor, zone, version, rrsets, { kind: 'edit' });
        });
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.deleteZone),
      onRequest,
      handler: async (request, reply) => {
        await withAudit(
          ctx,
          request,
          'dns.zone_delete',
          (trx) => deleteZone(ctx, trx, actorOf(request), request.params.zone),
          { status: 204 },
        );
        return reply.code(204).send(null);
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.history),
      onRequest,
      handler: (request) => zoneHistory(ctx.db, actorOf(request), request.query, request.url),
    });

    app.route({
      ...routeOf(app.prefix, ops.revert),
      onRequest,
      handler: async (request) => {
        const actor = actorOf(request);
        return withAudit(ctx, request, 'dns.revert', (trx) =>
          revertChangeSet(ctx, trx, actor, request.params.id),
        );
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.records),
      onRequest,
      handler: (request) => {
        return ctx.db
          .transaction()
          .execute((trx) => recordRows(ctx, trx, actorOf(request), request.query, request.url));
      },
    });

    await app.register(zoneFileRoutes(ctx));
    await app.register(dnssecRoutes(ctx));
    await app.register(fixRoutes(ctx));
  };
}
