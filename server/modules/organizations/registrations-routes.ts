import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { deliverInBackground } from '../../mail/app-mail';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { confirmInvitation, invite, resend } from './registrations-service';
import { secured } from '../../lib/route-schema';
import {
  idParams,
  invitationAcceptedDocument,
  invitationConfirmBody,
  inviteBody,
  registrationDocument,
} from '../../../contract/organizations';
import { errorResponses } from '../../lib/schemas';

const accountErrors = errorResponses(400, 401, 403, 404, 429);
const publicErrors = errorResponses(400, 429);

// Member registrations: invitations by e-mail (mounted under /api/ph).
export function registrationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const tag = 'organizations';

    app.post(
      '/member-registrations/',
      {
        onRequest,
        schema: secured(tag, 'Invite someone by e-mail to an organization (owner, admin)', {
          body: inviteBody,
          response: { 201: registrationDocument, ...accountErrors },
        }),
      },
      async (request, reply) => {
        const outbox: number[] = [];
        const doc = await withAudit(
          ctx,
          request,
          'member_registrations.create',
          (trx) => invite(ctx, trx, request.user!, request.body, outbox),
          { status: 201 },
        );
        deliverInBackground(ctx, outbox);
        return reply.code(201).send(doc);
      },
    );

    app.post(
      '/member-registrations/:id/resend-email/',
      {
        onRequest,
        schema: secured(tag, 'Send the invitation again with a new link', {
          params: idParams,
          response: { 200: registrationDocument, ...accountErrors },
        }),
      },
      async (request) => {
        const outbox: number[] = [];
        const doc = await withAudit(ctx, request, 'member_registrations.resend', (trx) =>
          resend(ctx, trx, request.user!, request.params.id, outbox),
        );
        deliverInBackground(ctx, outbox);
        return doc;
      },
    );

    app.post(
      '/member-registrations/confirm/',
      {
        schema: {
          tags: [tag],
          summary: 'Accept an invitation: choose username and password (public, single use)',
          body: invitationConfirmBody,
          response: { 201: invitationAcceptedDocument, ...publicErrors },
        },
      },
      async (request, reply) => {
        const body = await withAudit(
          ctx,
          request,
          'member_registrations.confirm',
          (trx) => confirmInvitation(ctx, trx, request.body, request.ip),
          { status: 201 },
        );
        return reply.code(201).send(body);
      },
    );
  };
}
