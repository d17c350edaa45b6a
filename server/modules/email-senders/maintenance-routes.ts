import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDnsResolver } from '../../checks/resolver';
import type { AppContext } from '../../context';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { routeOf } from '../../lib/operation';
import { recalculateAttribution } from './attribution';
import { addNetworks } from './repo';
import { emailSenderOps } from '../../../contract/operations/email-senders';
import { assertCanManage, existing, networksDocument } from './service';
import { spfNetworks } from './spf-networks';

// Catalogue maintenance, support only: re-attribute stored IPs and rollups to senders, and fill a sender's
// networks from the SPF include domains it publishes (DNS_SERVERS, as the /checks routes use).

export function emailSenderMaintenanceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const manage = [requireAuth(ctx), async (request: FastifyRequest) => assertCanManage(request.user!)];

    app.route({
      ...routeOf(app.prefix, emailSenderOps.recalculate),
      onRequest: manage,
      handler: async (request, reply) => {
        const result = await withAudit(
          ctx,
          request,
          'email_senders.recalculate',
          (trx) => recalculateAttribution(trx),
          { status: 202 },
        );
        return reply.code(202).send({
          detail: `Sender services recalculated for ${result.ips} IP addresses (${result.changed} changed).`,
          ips: result.ips,
        });
      },
    });

    app.route({
      ...routeOf(app.prefix, emailSenderOps.refreshNetworks),
      onRequest: manage,
      handler: async (request) => {
        const sender = await existing(ctx.db, request.params.id);
        // DNS first, outside the transaction; nothing is written when it fails.
        const ranges = await spfNetworks(sender.spf_includes, createDnsResolver({ timeoutMs: 3000 }));
        return withAudit(ctx, request, 'email_senders.networks.refresh', async (trx) => {
          const added = await addNetworks(trx, sender.id, ranges);
          return { ...(await networksDocument(trx, sender.id)), meta: { found: ranges.length, added } };
        });
      },
    });
  };
}
