import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { answerNoSoonerThan } from '../../lib/answer-floor';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { secured } from '../../lib/route-schema';
import { deliverInBackground } from '../../mail/app-mail';
import { changePassword, confirmReset, requestReset } from './password-service';
import {
  accountConfirmedDocument,
  alertsEmailBody,
  alertsEmailDocument,
  changePasswordBody,
  changePasswordDocument,
  detailDocument,
  emailBody,
  registerBody,
  resetConfirmBody,
  tokenBody,
} from '../../../contract/account';
import { errorResponses } from '../../lib/schemas';
import { confirmRegistration, registerClient } from './signup-service';

// Answers to the reset request and to a sign-up take at least this long from the request's arrival, known
// address or not, so timing tells nothing (docs/PERMISSIONS.md). Both paths do the same slow work (a sign-up
// hashes the password either way) and leave the mail to the background delivery.
const publicErrors = errorResponses(400, 429);
const accountErrors = errorResponses(400, 401, 403, 404, 429);

export const resetFloorMs = 300;
export const signupFloorMs = 500;

// Sign-up, verification, password reset and change, alerts e-mail (mounted under /api/ph).
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const tag = 'account';

    app.post(
      '/register-client/',
      {
        onSend: answerNoSoonerThan(signupFloorMs),
        schema: {
          tags: [tag],
          summary: 'Sign up as a client (public); sends the verification e-mail',
          body: registerBody,
          response: { 201: detailDocument, ...publicErrors },
        },
      },
      async (request, reply) => {
        const outbox: number[] = [];
        const body = await withAudit(
          ctx,
          request,
          'account.register',
          (trx) => registerClient(ctx, trx, request.body, request.ip, outbox),
          { status: 201 },
        );
        deliverInBackground(ctx, outbox);
        return reply.code(201).send(body);
      },
    );

    app.post(
      '/confirm-registration/',
      {
        schema: {
          tags: [tag],
          summary: 'Activate an account with the e-mailed token (public, single use)',
          body: tokenBody,
          response: { 200: accountConfirmedDocument, ...publicErrors },
        },
      },
      (request) =>
        withAudit(ctx, request, 'account.confirm', (trx) =>
          confirmRegistration(ctx, trx, request.body.token, request.ip),
        ),
    );

    app.post(
      '/password-reset/',
      {
        onSend: answerNoSoonerThan(resetFloorMs),
        schema: {
          tags: [tag],
          summary: 'Send a password reset link (public; same answer whether or not the address is known)',
          body: emailBody,
          response: { 201: detailDocument, ...publicErrors },
        },
      },
      async (request, reply) => {
        const outbox: number[] = [];
        const body = await withAudit(
          ctx,
          request,
          'account.password_reset.request',
          (trx) => requestReset(ctx, trx, request.body.email, request.ip, outbox),
          { status: 201 },
        );
        deliverInBackground(ctx, outbox);
        return reply.code(201).send(body);
      },
    );

    app.post(
      '/password-reset/confirm/',
      {
        schema: {
          tags: [tag],
          summary: 'Set a new password with the e-mailed token (public, single use)',
          body: resetConfirmBody,
          response: { 200: detailDocument, ...publicErrors },
        },
      },
      (request) =>
        withAudit(ctx, request, 'account.password_reset.confirm', (trx) =>
          confirmReset(ctx, trx, request.body, request.ip),
        ),
    );

    app.post(
      '/change-password/',
      {
        onRequest,
        schema: secured(tag, 'Change your password; other sessions end, new tokens are returned', {
          body: changePasswordBody,
          response: { 200: changePasswordDocument, ...accountErrors },
        }),
      },
      async (request) => {
        const outbox: number[] = [];
        const body = await withAudit(ctx, request, 'account.password.change', (trx) =>
          changePassword(ctx, trx, request.user!, request.body, outbox),
        );
        deliverInBackground(ctx, outbox);
        return body;
      },
    );

    app.post(
      '/settings/alerts-email/',
      {
        onRequest,
        schema: secured(tag, 'Set the address alerts go to (empty: the account e-mail)', {
          body: alertsEmailBody,
          response: { 200: alertsEmailDocument, ...accountErrors },
        }),
      },
      (request) =>
        withAudit(ctx, request, 'account.alerts_email.update', async (trx) => {
          const value = request.body.alerts_email || null;
          await trx
            .updateTable('users')
            .set({ alerts_email: value })
            .where('id', '=', request.user!.id)
            .execute();
          return { alerts_email: value };
        }),
    );
  };
}
