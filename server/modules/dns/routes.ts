import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { pageLinks, pageMeta, paging } from '../../lib/paging';
import { secured } from '../../lib/route-schema';
import { errorResponses } from '../../lib/schemas';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import {
  changeSetParams,
  conflictDocument,
  dnsStatusDocument,
  historyListDocument,
  historyQuery,
  recordListDocument,
  recordsQuery,
  serviceErrorDocument,
  zoneCreateBody,
  zoneDocument as zoneDocumentSchema,
  zoneListDocument,
  zoneListQuery,
  zoneParams,
  zonePatchBody,
} from '../../../contract/dns';
import { recordRows, revertChangeSet, zoneHistory } from './history';
import { countZones, listZones } from './repo';
import { applyChanges } from './apply-changes';
import { type DnsActor, pdnsOf, scopeOf, zoneFor, zoneSummary } from './service';
import { dnssecRoutes } from './dnssec-routes';
import { zonesPath } from './route-errors';
import { fixRoutes } from './fix-routes';
import { zoneFileRoutes } from './zone-file-routes';
import { createZone, deleteZone, loadZone } from './zones';

const service = { 502: serviceErrorDocument, 503: serviceErrorDocument };
const readErrors = { ...errorResponses(400, 401, 403, 404), ...service };
const writeErrors = { ...readErrors, 409: conflictDocument };
const zones = zonesPath;

const actorOf = (request: FastifyRequest): DnsActor => request.user!;

// Mounted under /api/dm: spec section 7's DNS calls (server name localhost), the history, revert, record
// rows, whether DNS hosting is configured at all; zone files (zone-file-routes.ts), DNSSEC
// (dnssec-routes.ts) and suggested fixes (fix-routes.ts).
export function dnsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const tag = 'dns';

    app.get(
      '/power-dns/status/',
      {
        onRequest,
        schema: secured(tag, 'Whether DNS hosting is configured and PowerDNS answers', {
          response: { 200: dnsStatusDocument, ...errorResponses(401) },
        }),
      },
      async () => {
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
    );

    app.get(
      zones,
      {
        onRequest,
        schema: secured(tag, "The organization's DNS zones, paged", {
          querystring: zoneListQuery,
          response: { 200: zoneListDocument, ...readErrors },
        }),
      },
      async (request) => {
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
    );

    app.post(
      zones,
      {
        onRequest,
        schema: secured(tag, 'Create a zone for a verified domain or a subdomain of one (owner, admin)', {
          body: zoneCreateBody,
          // 409 zone_hosted: the name's zone is left from its domain's old holder (take over or replace).
          response: { 201: zoneDocumentSchema, ...readErrors, 409: serviceErrorDocument },
        }),
      },
      async (request, reply) => {
        const doc = await withAudit(
          ctx,
          request,
          'dns.zone_create',
          (trx) => createZone(ctx, trx, actorOf(request), request.body),
          { status: 201 },
        );
        return reply.code(201).send(doc);
      },
    );

    app.get(
      `${zones}:zone/`,
      {
        onRequest,
        schema: secured(tag, 'A zone (by name or id) with its rrsets, SOA left out', {
          params: zoneParams,
          response: { 200: zoneDocumentSchema, ...readErrors },
        }),
      },
      (request) => {
        return ctx.db
          .transaction()
          .execute((trx) => loadZone(ctx, trx, actorOf(request), request.params.zone));
      },
    );

    app.patch(
      `${zones}:zone/`,
      {
        onRequest,
        schema: secured(tag, 'Apply a change set of the touched rrsets, all or none (owner, admin)', {
          params: zoneParams,
          body: zonePatchBody,
          response: { 200: zoneDocumentSchema, ...writeErrors },
        }),
      },
      async (request) => {
        const actor = actorOf(request);
        return withAudit(ctx, request, 'dns.zone_update', async (trx) => {
          const zone = await zoneFor(trx, actor, request.params.zone, true, true);
          const { version, rrsets } = request.body;
          return applyChanges(ctx, trx, actor, zone, version, rrsets, { kind: 'edit' });
        });
      },
    );

    app.delete(
      `${zones}:zone/`,
      {
        onRequest,
        schema: secured(tag, 'Delete a zone from PowerDNS and msas (owner, admin)', {
          params: zoneParams,
          response: { 204: z.null(), ...writeErrors },
        }),
      },
      async (request, reply) => {
        await withAudit(
          ctx,
          request,
          'dns.zone_delete',
          (trx) => deleteZone(ctx, trx, actorOf(request), request.params.zone),
          { status: 204 },
        );
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/power-dns/history/',
      {
        onRequest,
        schema: secured(tag, "A zone's history per rrset (or one name's), newest first, paged", {
          querystring: historyQuery,
          response: { 200: historyListDocument, ...readErrors },
        }),
      },
      (request) => zoneHistory(ctx.db, actorOf(request), request.query, request.url),
    );

    app.post(
      '/power-dns/history/:id/revert/',
      {
        onRequest,
        schema: secured(tag, 'Undo a change set, as a new change set (owner, admin)', {
          params: changeSetParams,
          response: { 200: zoneDocumentSchema, ...writeErrors },
        }),
      },
      async (request) => {
        const actor = actorOf(request);
        return withAudit(ctx, request, 'dns.revert', (trx) =>
          revertChangeSet(ctx, trx, actor, request.params.id),
        );
      },
    );

    app.get(
      '/records/',
      {
        onRequest,
        schema: secured(tag, "A zone's records one per row, SOA left out, paged", {
          querystring: recordsQuery,
          response: { 200: recordListDocument, ...readErrors },
        }),
      },
      (request) => {
        return ctx.db
          .transaction()
          .execute((trx) => recordRows(ctx, trx, actorOf(request), request.query, request.url));
      },
    );

    await app.register(zoneFileRoutes(ctx));
    await app.register(dnssecRoutes(ctx));
    await app.register(fixRoutes(ctx));
  };
}
