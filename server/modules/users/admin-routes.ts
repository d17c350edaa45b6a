import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { deliverInBackground } from '../../mail/app-mail';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { secured } from '../../lib/route-schema';
import {
  createUserBody,
  deleteUserBody,
  detailDocument,
  groupListDocument,
  groupsBody,
  permissionsDocument,
  updateUserBody,
  updateUserDocument,
  userDomainListDocument as userDomainList,
  userDomainsBody,
  userListDocument,
  userListQuery,
  userParams,
  userResourceDocument,
} from '../../../contract/users';
import { errorResponses } from '../../lib/schemas';
import { createUser, listUsers, updateUser } from './admin-service';
import { deleteUser } from './deletion';
import { authorizationGroups, permissions, setGroups, setUserDomains, userDomains } from './groups-service';

const adminErrors = errorResponses(400, 401, 403, 404, 429);

// User administration (mounted under /api/ph); GET /users/{id}/ and its settings live in routes.ts.
export function userAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const tag = 'users';

    app.get(
      '/users/',
      {
        onRequest,
        schema: secured(tag, 'Users of the organization (support: all); ?search=&group=&page=', {
          querystring: userListQuery,
          response: { 200: userListDocument, ...adminErrors },
        }),
      },
      (request) => listUsers(ctx.db, request.user!, request.query, request.url),
    );

    app.post(
      '/users/',
      {
        onRequest,
        schema: secured(tag, 'Create a user (owner/admin: in their organization; support: without one)', {
          body: createUserBody,
          response: { 201: userResourceDocument, ...adminErrors },
        }),
      },
      async (request, reply) => {
        const doc = await withAudit(
          ctx,
          request,
          'users.create',
          (trx) => createUser(ctx, trx, request.user!, request.body),
          { status: 201 },
        );
        return reply.code(201).send(doc);
      },
    );

    app.patch(
      '/users/:id/',
      {
        onRequest,
        schema: secured(
          tag,
          'Update a user (self, or an admin for members); your own email or username needs current_password, ' +
            'and a new own email takes effect when the link mailed to it is followed',
          {
            params: userParams,
            body: updateUserBody,
            response: { 200: updateUserDocument, ...adminErrors },
          },
        ),
      },
      async (request) => {
        const outbox: number[] = [];
        const doc = await withAudit(ctx, request, 'users.update', (trx) =>
          updateUser(ctx, trx, request.user!, request.params.id, request.body, outbox),
        );
        deliverInBackground(ctx, outbox);
        return doc;
      },
    );

    app.post(
      '/users/:id/delete/',
      {
        onRequest,
        schema: secured(tag, 'Delete an account (yourself with your password, or a member as admin)', {
          params: userParams,
          body: deleteUserBody,
          response: { 200: detailDocument, ...adminErrors },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'users.delete', (trx) =>
          deleteUser(ctx, trx, request.user!, request.params.id, request.body.password),
        ),
    );

    app.get(
      '/authorization-groups/',
      {
        onRequest,
        schema: secured(tag, 'The authorization groups (one per role)', {
          response: { 200: groupListDocument, ...adminErrors },
        }),
      },
      async () => authorizationGroups(),
    );

    app.patch(
      '/users/:id/groups/',
      {
        onRequest,
        schema: secured(tag, "Set a user's group (member or admin)", {
          params: userParams,
          body: groupsBody,
          response: { 200: userResourceDocument, ...adminErrors },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'users.groups.update', (trx) =>
          setGroups(trx, request.user!, request.params.id, request.body.groups),
        ),
    );

    app.get(
      '/users/:id/permissions/',
      {
        onRequest,
        schema: secured(tag, "A user's named permissions", {
          params: userParams,
          response: { 200: permissionsDocument, ...adminErrors },
        }),
      },
      (request) => permissions(ctx.db, request.user!, request.params.id),
    );

    app.get(
      '/users/:id/domains/',
      {
        onRequest,
        schema: secured(tag, 'The domains a user is limited to (empty: all of the organization)', {
          params: userParams,
          response: { 200: userDomainList, ...adminErrors },
        }),
      },
      (request) => userDomains(ctx.db, request.user!, request.params.id),
    );

    app.patch(
      '/users/:id/domains/',
      {
        onRequest,
        schema: secured(tag, 'Limit a member to some domains of the organization', {
          params: userParams,
          body: userDomainsBody,
          response: { 200: userDomainList, ...adminErrors },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'users.domains.update', (trx) =>
          setUserDomains(trx, request.user!, request.params.id, request.body.domains),
        ),
    );
  };
}
