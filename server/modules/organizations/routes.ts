import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { secured } from '../../lib/route-schema';
import {
  idParams,
  organizationCreateBody,
  organizationDocument as documentSchema,
  organizationListDocument,
  organizationListQuery,
  organizationUpdateBody,
  ownerBody,
} from '../../../contract/organizations';
import { errorResponses } from '../../lib/schemas';
import {
  changeOwner,
  createWithOwner,
  deleteOrganization,
  listForActor,
  organizationDocument,
  updateOrganization,
  visibleOrganization,
} from './service';

const orgErrors = errorResponses(400, 401, 403, 404);

// Mounted under /api/ph.
export function organizationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const tag = 'organizations';

    app.get(
      '/organizations/',
      {
        onRequest,
        schema: secured(tag, 'Organizations the caller can see (support: all), paged', {
          querystring: organizationListQuery,
          response: { 200: organizationListDocument, ...orgErrors },
        }),
      },
      (request) => listForActor(ctx, request.user!, request.query, request.url),
    );

    app.post(
      '/organizations/',
      {
        onRequest,
        schema: secured(tag, 'Create an organization with an existing owner (support)', {
          body: organizationCreateBody,
          response: { 201: documentSchema, ...orgErrors },
        }),
      },
      async (request, reply) => {
        const doc = await withAudit(
          ctx,
          request,
          'organizations.create',
          (trx) => createWithOwner(ctx, trx, request.user!, request.body),
          { status: 201 },
        );
        return reply.code(201).send(doc);
      },
    );

    app.get(
      '/organizations/:id/',
      {
        onRequest,
        schema: secured(tag, 'One organization with its relationships', {
          params: idParams,
          response: { 200: documentSchema, ...orgErrors },
        }),
      },
      async (request) =>
        organizationDocument(
          ctx,
          ctx.db,
          await visibleOrganization(ctx.db, request.user!, request.params.id),
          request.user!,
        ),
    );

    app.patch(
      '/organizations/:id/',
      {
        onRequest,
        schema: secured(tag, 'Rename an organization (owner, admin)', {
          params: idParams,
          body: organizationUpdateBody,
          response: { 200: documentSchema, ...orgErrors },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'organizations.update', (trx) =>
          updateOrganization(ctx, trx, request.user!, request.params.id, request.body),
        ),
    );

    app.delete(
      '/organizations/:id/',
      {
        onRequest,
        schema: secured(tag, 'Delete an organization and its data (owner)', {
          params: idParams,
          response: { 204: z.null(), ...orgErrors },
        }),
      },
      async (request, reply) => {
        await withAudit(
          ctx,
          request,
          'organizations.delete',
          (trx) => deleteOrganization(trx, request.user!, request.params.id),
          { status: 204 },
        );
        return reply.code(204).send(null);
      },
    );

    app.patch(
      '/organizations/:id/owner/',
      {
        onRequest,
        schema: secured(tag, 'Transfer ownership to another member (owner)', {
          params: idParams,
          body: ownerBody,
          response: { 200: documentSchema, ...orgErrors },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'organizations.owner.update', (trx) =>
          changeOwner(ctx, trx, request.user!, request.params.id, request.body.owner),
        ),
    );
  };
}
