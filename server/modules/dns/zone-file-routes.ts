import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { secured } from '../../lib/route-schema';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { conflictDocument, zoneDocument, zoneParams } from '../../../contract/dns';
import {
  maxZoneFileLength,
  zoneExportExample,
  zoneImportBody,
  zoneImportPreviewBody,
  zoneImportPreviewDocument,
} from '../../../contract/dns-zone-file';
import { dnsReadErrors, zonesPath } from './route-errors';
import type { DnsActor } from './service';
import { exportZoneFile, importZoneFile, previewImport } from './zone-file';

const zones = zonesPath;
// The JSON body holds the file as one string: room for the longest file with every character escaped.
const bodyLimit = maxZoneFileLength * 2 + 4096;

// Mounted under /api/dm beside the other DNS calls: a zone as a BIND master file, out and in.
export function zoneFileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const tag = 'dns';
    const actorOf = (user: unknown) => user as DnsActor;

    app.get(
      `${zones}:zone/export/`,
      {
        onRequest,
        schema: secured(tag, 'The zone as a BIND master file, as PowerDNS writes it (a download)', {
          params: zoneParams,
          response: {
            200: z.string().describe('text/plain').meta({ example: zoneExportExample }),
            ...dnsReadErrors,
          },
        }),
      },
      async (request, reply) => {
        const { name, text } = await ctx.db
          .transaction()
          .execute((trx) => exportZoneFile(ctx, trx, actorOf(request.user), request.params.zone));
        return reply
          .type('text/plain; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}zone"`)
          .send(text);
      },
    );

    app.post(
      `${zones}:zone/import/preview/`,
      {
        onRequest,
        bodyLimit,
        schema: secured(tag, 'What importing a BIND master file would change, per rrset (owner, admin)', {
          params: zoneParams,
          body: zoneImportPreviewBody,
          response: { 200: zoneImportPreviewDocument, ...dnsReadErrors },
        }),
      },
      async (request) => {
        const result = await ctx.db
          .transaction()
          .execute((trx) =>
            previewImport(ctx, trx, actorOf(request.user), request.params.zone, request.body.text),
          );
        if (result instanceof Error) throw result;
        return result;
      },
    );

    app.post(
      `${zones}:zone/import/`,
      {
        onRequest,
        bodyLimit,
        schema: secured(tag, "Apply a BIND master file's rrsets as one change set (owner, admin)", {
          params: zoneParams,
          body: zoneImportBody,
          response: { 200: zoneDocument, ...dnsReadErrors, 409: conflictDocument },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'dns.zone_import', (trx) =>
          importZoneFile(ctx, trx, actorOf(request.user), request.params.zone, request.body),
        ),
    );
  };
}
