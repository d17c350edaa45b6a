import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { routeOf } from '../../lib/operation';
import { domainGroupOps as ops } from '../../../contract/operations/domain-groups';
import { changeDomains, create, list, readGroup, remove, replaceDomains, update } from './service';

// Domain groups v1 and v2 (mounted under /api/dm).
export function domainGroupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const audited = <T>(
      request: Parameters<typeof withAudit>[1],
      name: Parameters<typeof withAudit>[2],
      fn: Parameters<typeof withAudit<T>>[3],
      status?: number,
    ) => withAudit<T>(ctx, request, name, fn, status ? { status } : {});

    for (const [listOp, readOp] of [
      [ops.list, ops.read],
      [ops.listV2, ops.readV2],
    ] as const) {
      app.route({
        ...routeOf(app.prefix, listOp),
        onRequest,
        handler: (request) => list(ctx.db, request.user!, request.query, request.url),
      });
      app.route({
        ...routeOf(app.prefix, readOp),
        onRequest,
        handler: (request) => readGroup(ctx.db, request.user!, request.params.id),
      });
    }

    for (const op of [ops.create, ops.createV2]) {
      app.route({
        ...routeOf(app.prefix, op),
        onRequest,
        handler: async (request, reply) => {
          const doc = await audited(
            request,
            'domain_groups.create',
            (trx) => create(trx, request.user!, request.body),
            201,
          );
          return reply.code(201).send(doc);
        },
      });
    }

    app.route({
      ...routeOf(app.prefix, ops.delete),
      onRequest,
      handler: (request) =>
        audited(request, 'domain_groups.delete', (trx) => remove(trx, request.user!, request.params.id)),
    });

    app.route({
      ...routeOf(app.prefix, ops.update),
      onRequest,
      handler: (request) =>
        audited(request, 'domain_groups.update', (trx) =>
          replaceDomains(trx, request.user!, request.params.id, request.body),
        ),
    });

    app.route({
      ...routeOf(app.prefix, ops.patchV2),
      onRequest,
      handler: (request) =>
        audited(request, 'domain_groups.update', (trx) =>
          update(trx, request.user!, request.params.id, request.body),
        ),
    });

    app.route({
      ...routeOf(app.prefix, ops.deleteV2),
      onRequest,
      handler: async (request, reply) => {
        await audited(
          request,
          'domain_groups.delete',
          (trx) => remove(trx, request.user!, request.params.id),
          204,
        );
        return reply.code(204).send(null);
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.domainsV2),
      onRequest,
      handler: (request) => readGroup(ctx.db, request.user!, request.params.id),
    });

    for (const [op, add] of [
      [ops.addDomainsV2, true],
      [ops.removeDomainsV2, false],
    ] as const) {
      app.route({
        ...routeOf(app.prefix, op),
        onRequest,
        handler: async (request, reply) => {
          const doc = await audited(
            request,
            add ? 'domain_groups.domains.create' : 'domain_groups.domains.delete',
            (trx) => changeDomains(trx, request.user!, request.params.id, request.body.domains, add),
            add ? 201 : 200,
          );
          return reply.code(add ? 201 : 200).send(doc);
        },
      });
    }
  };
}
