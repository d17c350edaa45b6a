import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseIp } from '../../checks/dnsbl/reverse';
import { routeOf } from '../../lib/operation';
import { limits, spend, statusError } from './protection/limits';
import { ipListing, listingDocument } from './lookup/listing';
import { reputationOps } from '../../../contract/operations/reputation';
import { reputationServices } from './services';

// Mounted under /checks: the public RBL check (spec section 7 "IP reputation: GET /rbl/{ip}"), no
// authentication, rate limited per client IP.
export function rblCheckRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(app.prefix, reputationOps.rbl),
      handler: async (request) => {
        const ip = parseIp(request.params.ip);
        if (!ip) throw statusError(400, 'ip_invalid', 'ip');
        const limited = await spend(ctx.db, [limits.rblPerIp(request.ip)], ctx.now());
        if (limited) throw limited;
        return listingDocument(await ipListing(reputationServices(ctx), ip, ctx.now()));
      },
    });
  };
}
