import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { answerNoSoonerThan } from '../../lib/answer-floor';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { deliverInBackground } from '../../mail/app-mail';
import { changePassword, confirmReset, requestReset } from './password-service';
import { confirmRegistration, registerClient } from './signup-service';
import { routeOf } from '../../lib/operation';
import { accountOps } from '../../../contract/operations/account';

// Answers to the reset request and to a sign-up take at least this long from the request's arrival, known
// address or not, so timing tells nothing (docs/PERMISSIONS.md). Both paths do the same slow work (a sign-up
// hashes the password either way) and leave the mail to the background delivery.

export const resetFloorMs = 300;
export const signupFloorMs = 500;

// Sign-up, verification, password reset and change, alerts e-mail (mounted under /api/ph).
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);

    app.route({
      ...routeOf(app.prefix, accountOps.register),
      onSend: answerNoSoonerThan(signupFloorMs),
      handler: async (request, reply) => {
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
    });

    app.route({
      ...routeOf(app.prefix, accountOps.confirmRegistration),
      handler: (request) =>
        withAudit(ctx, request, 'account.confirm', (trx) =>
          confirmRegistration(ctx, trx, request.body.token, request.ip),
        ),
    });

    app.route({
      ...routeOf(app.prefix, accountOps.passwordReset),
      onSend: answerNoSoonerThan(resetFloorMs),
      handler: async (request, reply) => {
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
    });

    app.route({
      ...routeOf(app.prefix, accountOps.confirmPasswordReset),
      handler: (request) =>
        withAudit(ctx, request, 'account.password_reset.confirm', (trx) =>
          confirmReset(ctx, trx, request.body, request.ip),
        ),
    });

    app.route({
      ...routeOf(app.prefix, accountOps.changePassword),
      onRequest,
      handler: async (request) => {
        const outbox: number[] = [];
        const body = await withAudit(ctx, request, 'account.password.change', (trx) =>
          changePassword(ctx, trx, request.user!, request.body, outbox),
        );
        deliverInBackground(ctx, outbox);
        return body;
      },
    });

    app.route({
      ...routeOf(app.prefix, accountOps.alertsEmail),
      onRequest,
      handler: (request) =>
        withAudit(ctx, request, 'account.alerts_email.update', async (trx) => {
          const value = request.body.alerts_email || null;
          await trx
            .updateTable('users')
            .set({ alerts_email: value })
            .where('id', '=', request.user!.id)
            .execute();
          return { alerts_email: value };
        }),
    });
  };
}
