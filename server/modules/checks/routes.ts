import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { fieldError } from '../../lib/errors';
import { routeOf } from '../../lib/operation';
import { checkKindOf, checkOps } from '../../../contract/operations/checks';
import { checkDocument } from './documents';
import { spendCheck } from './rate-limit';
import { checkTarget, createChecksService, validIp, type ChecksService } from './service';

// Mounted under /checks: the public domain tests of product spec section 7 and the aggregate
// /checks/domain/{domain} with the form flags of section 3 (contract/operations/checks.ts).
// No authentication; rate limited per client IP; results cached briefly.

export function checksRoutes(ctx: AppContext, service?: ChecksService): FastifyPluginAsyncZod {
  const checks = service ?? createChecksService(ctx.config);
  return async (app) => {
    for (const name of Object.keys(checkOps) as (keyof typeof checkOps)[]) {
      const kind = checkKindOf[name];
      const route = routeOf(app.prefix, checkOps[name] as typeof checkOps.domain);
      // The same check with a trailing slash, left out of the API description.
      for (const [url, hide] of [
        [route.url, false],
        [`${route.url}/`, true],
      ] as const) {
        app.route({
          ...route,
          url,
          schema: { ...route.schema, hide },
          handler: async (request) => {
            const query = (request.query ?? {}) as Record<string, string | undefined>;
            const input = checkTarget(kind, request.params.domain, query.ip);
            if (!input.ok) throw fieldError('domain', input.error);
            if (kind === 'spf' && !validIp(query.ip)) {
              throw fieldError('ip', 'ip_invalid');
            }
            const limited = await spendCheck(ctx.db, request.ip, ctx.config.checks.rateLimit, ctx.now());
            if (limited) throw limited;
            const clean = Object.fromEntries(
              Object.entries(query).filter(([, v]) => v !== undefined && v !== ''),
            );
            const { value, at, cached } = await checks.run(kind, input.domain, clean);
            return checkDocument(kind, input.domain, value, at, cached) as never;
          },
        });
      }
    }
  };
}
