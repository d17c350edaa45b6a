import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { withAudit } from '../shared/with-audit';
import { limitExceeded, recordFailure, requireAuth } from '../auth';
import { checkContextFor, queueDomainCheck } from '../analysis';
import { releaseDomainZones } from '../dns';
import { routeOf } from '../../lib/operation';
import { domainOps } from '../../../contract/operations/domains';
import { findDomainById } from './repo';
import {
  addDomain,
  deleteDomainByName,
  domainDocumentOf,
  domainList,
  editableDomain,
  scopeFor,
} from './service';
import { verifyOwnership } from './verify-service';

// One "check now" per domain per 10 s: each asks DNS three or more names.
const VERIFY_WINDOW_SECONDS = 10;

// Mounted under /api/dm.
export function domainRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);

    for (const [op, v2] of [
      [domainOps.list, false],
      [domainOps.listV2, true],
    ] as const) {
      app.route({
        ...routeOf(app.prefix, op),
        onRequest,
        handler: async (request) => {
          const { organization, search, ...page } = request.query;
          const scope = { ...(await scopeFor(ctx.db, request.user!, organization)), search };
          return domainList(ctx.db, scope, page, request.url, v2, ctx.config.reportAddress);
        },
      });
    }

    app.route({
      ...routeOf(app.prefix, domainOps.create),
      onRequest,
      handler: async (request, reply) => {
        const doc = await withAudit(
          ctx,
          request,
          'domains.create',
          async (trx) => {
            const created = await addDomain(
              trx,
              request.user!,
              request.user!.organizationId,
              request.body.name,
              ctx.config.reportAddress,
            );
            // The first results and DNS history, by a worker (server/modules/analysis/recheck-job.ts).
            await queueDomainCheck(ctx, trx, created.data.id);
            return created;
          },
          { status: 201 },
        );
        return reply.code(201).send(doc);
      },
    });

    app.route({
      ...routeOf(app.prefix, domainOps.verify),
      onRequest,
      handler: async (request) => {
        const actor = request.user!;
        // Audited and rate limited before the lookups, so no transaction waits on DNS.
        const domain = await withAudit(ctx, request, 'domains.verify', async (trx) => {
          const found = await editableDomain(actor, await findDomainById(trx, request.params.id));
          const key = `verify:${found.id}`;
          const limited = await limitExceeded(trx, key, 1, ctx.now(), VERIFY_WINDOW_SECONDS);
          if (limited) return limited;
          await recordFailure(trx, [key], ctx.now());
          return found;
        });
        const { resolver } = checkContextFor(ctx);
        const row = await verifyOwnership(ctx.db, resolver, domain.id, ctx.config.reportAddress, ctx.now);
        if (!row) throw notFound();
        return domainDocumentOf(ctx.db, row, ctx.config.reportAddress);
      },
    });

    app.route({
      ...routeOf(app.prefix, domainOps.delete),
      onRequest,
      handler: (request) =>
        withAudit(ctx, request, 'domains.delete', (trx) =>
          deleteDomainByName(trx, request.user!, request.params.name, (row) =>
            releaseDomainZones(ctx, trx, row, request.user!.id, request.query.zones === 'delete'),
          ),
        ),
    });
  };
}
