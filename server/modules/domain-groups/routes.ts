import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { secured } from '../../lib/route-schema';
import {
  detailDocument as detailBody,
  domainGroupCreateBody as createBody,
  domainGroupDocument as documentSchema,
  domainGroupDomainsBody as domainsBody,
  domainGroupListDocument as groupList,
  domainGroupListQuery as groupListQuery,
  domainGroupParams as groupParams,
  domainGroupPatchBody as patchBody,
  domainGroupV1UpdateBody as v1UpdateBody,
} from '../../../contract/domains';
import { errorResponses } from '../../lib/schemas';
import { changeDomains, create, list, readGroup, remove, replaceDomains, update } from './service';

const groupErrors = errorResponses(400, 401, 403, 404);

// Domain groups v1 and v2 (mounted under /api/dm).
export function domainGroupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const tag = 'domain-groups';
    const audited = <T>(
      request: Parameters<typeof withAudit>[1],
      name: Parameters<typeof withAudit>[2],
      fn: Parameters<typeof withAudit<T>>[3],
      status?: number,
    ) => withAudit<T>(ctx, request, name, fn, status ? { status } : {});

    for (const base of ['/domain-groups/', '/v2/domain-groups/']) {
      app.get(
        base,
        {
          onRequest,
          schema: secured(tag, "Domain groups of the caller's organization, paged", {
            querystring: groupListQuery,
            response: { 200: groupList, ...groupErrors },
          }),
        },
        (request) => list(ctx.db, request.user!, request.query, request.url),
      );
      app.get(
        `${base}:id/`,
        {
          onRequest,
          schema: secured(tag, 'One domain group', {
            params: groupParams,
            response: { 200: documentSchema, ...groupErrors },
          }),
        },
        (request) => readGroup(ctx.db, request.user!, request.params.id),
      );
    }

    for (const url of ['/domain-groups/create/', '/v2/domain-groups/']) {
      app.post(
        url,
        {
          onRequest,
          schema: secured(tag, 'Create a domain group (name, owner, optional domains)', {
            body: createBody,
            response: { 201: documentSchema, ...groupErrors },
          }),
        },
        async (request, reply) => {
          const doc = await audited(
            request,
            'domain_groups.create',
            (trx) => create(trx, request.user!, request.body),
            201,
          );
          return reply.code(201).send(doc);
        },
      );
    }

    app.post(
      '/domain-groups/:id/delete/',
      {
        onRequest,
        schema: secured(tag, 'Delete a domain group', {
          params: groupParams,
          response: { 200: detailBody, ...groupErrors },
        }),
      },
      (request) =>
        audited(request, 'domain_groups.delete', (trx) => remove(trx, request.user!, request.params.id)),
    );

    app.post(
      '/domain-groups/:id/update/',
      {
        onRequest,
        schema: secured(tag, 'Replace the domains of a group (repeated field domains; optional name)', {
          params: groupParams,
          body: v1UpdateBody,
          response: { 200: documentSchema, ...groupErrors },
        }),
      },
      (request) =>
        audited(request, 'domain_groups.update', (trx) =>
          replaceDomains(trx, request.user!, request.params.id, request.body),
        ),
    );

    app.patch(
      '/v2/domain-groups/:id/',
      {
        onRequest,
        schema: secured(tag, 'Rename a domain group or change its owner', {
          params: groupParams,
          body: patchBody,
          response: { 200: documentSchema, ...groupErrors },
        }),
      },
      (request) =>
        audited(request, 'domain_groups.update', (trx) =>
          update(trx, request.user!, request.params.id, request.body),
        ),
    );

    app.delete(
      '/v2/domain-groups/:id/',
      {
        onRequest,
        schema: secured(tag, 'Delete a domain group', {
          params: groupParams,
          response: { 204: z.null(), ...groupErrors },
        }),
      },
      async (request, reply) => {
        await audited(
          request,
          'domain_groups.delete',
          (trx) => remove(trx, request.user!, request.params.id),
          204,
        );
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/v2/domain-groups/:id/domains/',
      {
        onRequest,
        schema: secured(tag, 'The domains of a group', {
          params: groupParams,
          response: { 200: documentSchema, ...groupErrors },
        }),
      },
      (request) => readGroup(ctx.db, request.user!, request.params.id),
    );

    for (const [method, add] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: '/v2/domain-groups/:id/domains/',
        onRequest,
        schema: secured(tag, add ? 'Add domains to a group' : 'Remove domains from a group; body {domains}', {
          params: groupParams,
          body: domainsBody,
          response: { 200: documentSchema, 201: documentSchema, ...groupErrors },
        }),
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
