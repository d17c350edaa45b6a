import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { errorText, forbidden } from '../../lib/errors';
import { isOwnerOf, isSupport, type Actor } from '../../lib/permissions';
import { requireAuth } from '../auth';
import { withAudit } from '../shared/with-audit';
import { storeDemoChecks } from './checks';
import { addDemoDomains, demoRefusal, ingestDemoReports } from './load';
import { routeOf } from '../../lib/operation';
import { demoOps } from '../../../contract/operations/demo';

const ownOrganization = (actor: Actor): number | null =>
  !isSupport(actor) && actor.organizationId !== null && isOwnerOf(actor, actor.organizationId)
    ? actor.organizationId
    : null;

// Mounted under /api/dm: the empty overview's "load demo data" button (owners only).
export function demoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);

    app.route({
      ...routeOf(app.prefix, demoOps.status),
      onRequest,
      handler: async (request) => {
        const organizationId = ownOrganization(request.user!);
        if (organizationId === null) return { data: { available: false, reason: null } };
        const reason = await demoRefusal(ctx.db, organizationId);
        // Offered on a new installation only: once aggregate reports arrived (an organization's, or held
        // for a domain nobody verified yet), demo data would mislead.
        const { rows } = await sql<{ any: boolean }>`select exists (select 1 from dmarc_reports)
          or exists (select 1 from held_reports where kind = 'aggregate') as any`.execute(ctx.db);
        // The reason in words (English, as the API's other texts); the SPA only reads `available`.
        const said = reason === null ? null : errorText({ code: reason });
        return { data: { available: reason === null && !rows[0].any, reason: said } };
      },
    });

    app.route({
      ...routeOf(app.prefix, demoOps.load),
      onRequest,
      handler: async (request, reply) => {
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
    });
  };
}
