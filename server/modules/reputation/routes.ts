import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseIp } from '../../checks/dnsbl/reverse';
import { AppError } from '../../lib/errors';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { checkDelistable, recordDelistRequest } from './delist';
import { ipInfo, ipReputation } from './ip-info';
import { limits, spend, statusError } from './limits';
import { ipListing, listingDocument } from './listing';
import { delistSent, invalidTarget } from './messages';
import { verifyCaptcha } from './recaptcha';
import { sourceIpsPage } from './source-ips';
import {
  delistResponseSchema,
  ipInfoSchema,
  ipParams,
  ipsQuery,
  ipsSchema,
  ipVerifyQuery,
  listingDocumentSchema,
} from '../../../contract/reputation';
import { ipErrors } from './errors';
import { reputationServices } from './services';

const target = (value: string | undefined) => {
  const ip = value ? parseIp(value) : null;
  if (!ip) throw statusError(400, invalidTarget, 'target');
  return ip;
};

// Mounted under /api/rep (DESIGN.md section 3). Every call needs a bearer token.
export function reputationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(ctx);
    const security = [{ bearer: [] }];

    app.get(
      '/ipVerify/',
      {
        onRequest: auth,
        schema: {
          tags: ['reputation'],
          summary: 'Blocklist listing, reputation and network data of an IP (captcha token when enabled)',
          security,
          querystring: ipVerifyQuery,
          response: { 200: listingDocumentSchema, ...ipErrors },
        },
      },
      async (request) => {
        const ip = target(request.query.target);
        const services = reputationServices(ctx);
        const limited = await spend(ctx.db, [limits.lookupPerIp(request.ip)], ctx.now());
        if (limited) throw limited;
        const captcha = await verifyCaptcha(services, request.query.token, request.ip);
        if (!captcha.ok) throw statusError(400, captcha.message, 'token');
        return listingDocument(await ipListing(services, ip, ctx.now()));
      },
    );

    app.post(
      '/ipVerify/',
      {
        onRequest: auth,
        schema: {
          tags: ['reputation'],
          summary:
            'Ask the operator to delist an IP from our reputation zone (delisting=true, captcha token)',
          security,
          querystring: ipVerifyQuery,
          response: { 200: delistResponseSchema, ...ipErrors },
        },
      },
      async (request) => {
        const services = reputationServices(ctx);
        const parsed = request.query.target ? parseIp(request.query.target) : null;
        // Everything that talks to the network happens before the audited transaction.
        let outcome = parsed ? null : statusError(400, invalidTarget, 'target');
        if (!outcome && request.query.delisting !== 'true') {
          outcome = statusError(400, 'Set delisting=true to request a delisting.', 'delisting');
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
    );

    app.get(
      '/v2/ips/:ip/ip-info-io/',
      {
        onRequest: auth,
        schema: {
          tags: ['reputation'],
          summary: 'Reverse DNS, geo and AS data of an IP, and the domains it sent for in our reports',
          security,
          params: ipParams,
          response: { 200: ipInfoSchema, ...ipErrors },
        },
      },
      async (request) =>
        ipInfo(reputationServices(ctx), ctx.db, request.user!.organizationId, target(request.params.ip)),
    );

    app.get(
      '/ips/',
      {
        onRequest: auth,
        schema: {
          tags: ['reputation'],
          summary: "The organization's source IPs (paged), or with ?ip= one IP's reputation summary",
          security,
          querystring: ipsQuery,
          response: { 200: ipsSchema, ...ipErrors },
        },
      },
      async (request) => {
        if (request.query.ip !== undefined) {
          return ipReputation(reputationServices(ctx), target(request.query.ip));
        }
        return sourceIpsPage(ctx.db, request.user!.organizationId, request.query.page ?? 1, request.url);
      },
    );
  };
}
