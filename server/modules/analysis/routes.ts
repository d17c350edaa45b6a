import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { limitExceeded, recordFailure, requireAuth } from '../auth';
import { withAudit } from '../shared/with-audit';
import { routeOf } from '../../lib/operation';
import { forbidden } from '../../lib/errors';
import { canEditDomain } from '../../lib/permissions';
import { checkAndStore } from './recheck-service';
import { analysisOps as ops } from '../../../contract/operations/analysis';
import { visibleDomain } from './scope';
import { analysisDetail, analysisList } from './service';

// Mounted under /api/dm: Analysis by system (stored results of the scheduled re-check) and the on-demand
// re-check of one domain (checks contract 1-3).

// One on-demand re-check per organization per 10 s: it fans out to every checker of every system.
const RECHECK_WINDOW_SECONDS = 10;

export function analysisRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    app.route({
      ...routeOf(app.prefix, ops.list),
      onRequest,
      handler: (request) =>
        analysisList(ctx.db, request.user!, request.params.system, request.query, request.url, ctx.now()),
    });

    app.route({
      ...routeOf(app.prefix, ops.detail),
      onRequest,
      handler: (request) =>
        analysisDetail(
          ctx.db,
          request.user!,
          request.params.system,
          request.params.domainId,
          request.query.organization,
          ctx.now(),
        ),
    });

    app.route({
      ...routeOf(app.prefix, ops.recheck),
      onRequest,
      handler: async (request) => {
        const actor = request.user!;
        // Audited and rate limited before the checks run, so no transaction waits on the network.
        const domain = await withAudit(ctx, request, 'domains.recheck', async (trx) => {
          const found = await visibleDomain(trx, actor, { id: request.params.id });
          if (!canEditDomain(actor, found)) return forbidden();
          const key = `recheck:${found.organization_id}`;
          const limited = await limitExceeded(trx, key, 1, ctx.now(), RECHECK_WINDOW_SECONDS);
          if (limited) return limited;
          await recordFailure(trx, [key], ctx.now());
          return found;
        });
        const outcome = await checkAndStore(ctx, domain);
        return {
          data: {
            checked_at: outcome.checkedAt.toISOString(),
            systems: outcome.systems.map((s) => ({ system: s.system, status: s.status, score: s.score })),
          },
        };
      },
    });
  };
}
