import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { forbidden } from '../../lib/errors';
import { isOwnerOf, isSupport, type Actor } from '../../lib/permissions';
import { secured } from '../../lib/route-schema';
import { detailSchema, errorResponses } from '../../lib/schemas';
import { requireAuth } from '../auth';
import { withAudit } from '../shared/with-audit';
import { demoLoadedDocument, demoStateDocument } from '../../../contract/demo';
import { storeDemoChecks } from './checks';
import { addDemoDomains, demoRefusal, ingestDemoReports } from './load';

const demoErrors = errorResponses(401, 403);

const ownOrganization = (actor: Actor): number | null =>
  !isSupport(actor) && actor.organizationId !== null && isOwnerOf(actor, actor.organizationId)
    ? actor.organizationId
    : null;

// Mounted under /api/dm: the empty overview's "load demo data" button (owners only).
export function demoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const tag = 'demo';

    app.get(
      '/demo-data/',
      {
        onRequest,
        schema: secured(tag, 'Whether the caller can load demo data into their organization', {
          response: { 200: demoStateDocument, ...demoErrors },
        }),
      },
      async (request) => {
        const organizationId = ownOrganization(request.user!);
        if (organizationId === null) return { data: { available: false, reason: null } };
        const reason = await demoRefusal(ctx.db, organizationId);
        // Offered on a new installation only: once aggregate reports arrived (an organization's, or held
        // for a domain nobody verified yet), demo data would mislead.
        const { rows } = await sql<{ any: boolean }>`select exists (select 1 from dmarc_reports)
          or exists (select 1 from held_reports where kind = 'aggregate') as any`.execute(ctx.db);
        return { data: { available: reason === null && !rows[0].any, reason } };
      },
    );

    app.post(
      '/demo-data/',
      {
        onRequest,
        schema: secured(
          tag,
          "Load the demo domains, groups and 30 days of reports into the caller's organization",
          {
            response: { 201: demoLoadedDocument, ...demoErrors, 409: detailSchema },
          },
        ),
      },
      async (request, reply) => {
        const organizationId = ownOrganization(request.user!);
        if (organizationId === null) throw forbidden();
        const made = await withAudit(
          ctx,
          request,
          'demo.load',
          (trx) => addDemoDomains(trx, organizationId, request.user!.id),
          { status: 201 },
        );
        // The reports go through the ingest path, which commits in batches of its own.
        const stored = await ingestDemoReports(ctx.db, organizationId, ctx.now());
        await storeDemoChecks(ctx.db, organizationId, ctx.now);
        return reply.code(201).send({ data: { ...made, ...stored } });
      },
    );
  };
}
