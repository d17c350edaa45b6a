import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { routeOf } from '../../lib/operation';
import { domainInfoOps as ops } from '../../../contract/operations/domain-info';
import { requireAuth } from '../auth';
import { visibleDomain } from '../analysis';
import { currentRecord, dkimSignatures, domainIps } from './service';

// Mounted under /api/dm: Domain Info of one registered domain by name (checks contract 5); a domain the
// caller cannot see is 404.

export function domainInfoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const find = (
      name: string,
      organization: number | undefined,
      user: Parameters<typeof visibleDomain>[1],
    ) => visibleDomain(ctx.db, user, { name: decodeURIComponent(name) }, organization);

    for (const [system, op] of [
      ['dmarc', ops.dmarcRecord],
      ['spf', ops.spfRecord],
    ] as const) {
      app.route({
        ...routeOf(app.prefix, op),
        onRequest,
        handler: async (request) =>
          currentRecord(
            ctx.db,
            await find(request.params.name, request.query.organization, request.user!),
            system,
          ),
      });
    }
    app.route({
      ...routeOf(app.prefix, ops.ips),
      onRequest,
      handler: async (request) =>
        domainIps(ctx.db, await find(request.params.name, request.query.organization, request.user!)),
    });
    app.route({
      ...routeOf(app.prefix, ops.dkimSignatures),
      onRequest,
      handler: async (request) =>
        dkimSignatures(ctx.db, await find(request.params.name, request.query.organization, request.user!)),
    });
  };
}
