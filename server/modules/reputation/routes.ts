import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseIp } from '../../checks/dnsbl/reverse';
import { AppError } from '../../lib/errors';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { checkDelistable, recordDelistRequest } from './delist';
import { ipInfo, ipReputation } from './lookup/ip-info';
import { limits, spend, statusError } from './protection/limits';
import { ipListing, listingDocument } from './lookup/listing';
import { delistSent } from '../../../contract/reputation-messages';
import { verifyCaptcha } from './protection/recaptcha';
import { sourceIpsPage } from './lookup/source-ips';
import { routeOf } from '../../lib/operation';
import { reputationOps } from '../../../contract/operations/reputation';
import { reputationServices } from './services';

const target = (value: string | undefined) => {
  const ip = value ? parseIp(value) : null;
  if (!ip) throw statusError(400, 'ip_invalid', 'target');
  return ip;
};

// Mounted under /api/rep (DESIGN.md section 3). Every call needs a bearer token.
export function reputationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(ctx);

    app.route({
      ...routeOf(app.prefix, reputationOps.ipVerify),
      onRequest: auth,
      handler: async (request) => {
        const ip = target(request.query.target);
        const services = reputationServices(ctx);
        const limited = await spend(ctx.db, [limits.lookupPerIp(request.ip)], ctx.now());
        if (limited) throw limited;
        const captcha = await verifyCaptcha(services, request.query.token, request.ip);
        if (!captcha.ok) throw statusError(400, captcha.message, 'token');
        return listingDocument(await ipListing(services, ip, ctx.now()));
      },
    });

    app.route({
      ...routeOf(app.prefix, reputationOps.delist),
      onRequest: auth,
      handler: async (request) => {
        const services = reputationServices(ctx);
        const parsed = request.query.target ? parseIp(request.query.target) : null;
        // Everything that talks to the network happens before the audited transaction.
        let outcome = parsed ? null : statusError(400, 'ip_invalid', 'target');
        if (!outcome && request.query.delisting !== 'true') {
          outcome = statusError(400, 'delisting_required', 'delisting');
        }
        if (!outcome && parsed) {
          outcome = await spend(
            ctx.db,
            [limits.delistPerIp(request.ip), limits.delistPerTarget(parsed.ip)],
            ctx.now(),
          );
        }
        if (!outcome) {
          const captcha = await verifyCaptcha(services, request.query.token, request.ip);
          if (!captcha.ok) outcome = statusError(400, captcha.message, 'token');
        }
        const checked = outcome ?? (await checkDelistable(services, parsed!));
        const result = await withAudit(ctx, request, 'ip.delist.create', async (trx, scope) => {
          if (checked instanceof AppError) return checked;
          return recordDelistRequest(ctx, trx, scope, {
            ip: parsed!,
            reputation: checked,
            requesterIp: request.ip,
            requesterEmail: request.user?.email ?? null,
          });
        });
        await ctx.mailer.deliver(ctx.db, result.outboxId);
        return {
          status_message: delistSent,
          delisting: true,
          data: {
            type: 'delist-requests' as const,
            id: String(result.id),
            attributes: { target: parsed!.ip },
          },
        };
      },
    });

    app.route({
      ...routeOf(app.prefix, reputationOps.ipInfo),
      onRequest: auth,
      handler: async (request) =>
        ipInfo(reputationServices(ctx), ctx.db, request.user!.organizationId, target(request.params.ip)),
    });

    app.route({
      ...routeOf(app.prefix, reputationOps.ips),
      onRequest: auth,
      handler: async (request) => {
        if (request.query.ip !== undefined) {
          return ipReputation(reputationServices(ctx), target(request.query.ip));
        }
        return sourceIpsPage(ctx.db, request.user!.organizationId, request.query.page ?? 1, request.url);
      },
    });
  };
}
