import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { addMember, listMembers, removeMember, setAdmin } from './members-service';
import { secured } from '../../lib/route-schema';
import {
  addMemberBody,
  idParams,
  memberListDocument,
  organizationDocument,
  userBody,
} from '../../../contract/organizations';
import { errorResponses } from '../../lib/schemas';

const orgErrors = errorResponses(400, 401, 403, 404);

// Members and admins of an organization (mounted under /api/ph).
export function organizationMemberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const tag = 'organizations';

    app.get(
      '/organizations/:id/members/',
      {
        onRequest,
        schema: secured(tag, 'Members of an organization', {
          params: idParams,
          response: { 200: memberListDocument, ...orgErrors },
        }),
      },
      (request) => listMembers(ctx, request.user!, request.params.id),
    );

    app.post(
      '/organizations/:id/members/',
      {
        onRequest,
        schema: secured(
          tag,
          'Add an account without organization as member (owner, admin) within the limit',
          {
            params: idParams,
            body: addMemberBody,
            response: { 201: organizationDocument, ...orgErrors },
          },
        ),
      },
      async (request, reply) => {
        const doc = await withAudit(
          ctx,
          request,
          'organizations.members.create',
          (trx) => addMember(ctx, trx, request.user!, request.params.id, request.body),
          { status: 201 },
        );
        return reply.code(201).send(doc);
      },
    );

    app.delete(
      '/organizations/:id/members/',
      {
        onRequest,
        schema: secured(tag, 'Remove a member; body {user}', {
          params: idParams,
          body: userBody,
          response: { 204: z.null(), ...orgErrors },
        }),
      },
      async (request, reply) => {
        await withAudit(
          ctx,
          request,
          'organizations.members.delete',
          (trx) => removeMember(ctx, trx, request.user!, request.params.id, request.body.user),
          { status: 204 },
        );
        return reply.code(204).send(null);
      },
    );

    for (const [method, admin] of [
      ['POST', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: '/organizations/:id/admins/',
        onRequest,
        schema: secured(
          tag,
          admin ? 'Make a member an admin (owner)' : 'Make an admin a member again (owner)',
          {
            params: idParams,
            body: userBody,
            response: { 200: organizationDocument, ...orgErrors },
          },
        ),
        handler: (request) =>
          withAudit(
            ctx,
            request,
            admin ? 'organizations.admins.create' : 'organizations.admins.delete',
            (trx) => setAdmin(ctx, trx, request.user!, request.params.id, request.body.user, admin),
          ),
      });
    }
  };
}
