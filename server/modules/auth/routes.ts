import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { deliverInBackground } from '../../mail/app-mail';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from './bearer';
import { paced } from './rate-limit';
import {
  authenticateBody,
  authenticateResponseSchema as tokenPairSchema,
  codeBody,
  emptyDocument,
  recoveryBody,
  refreshBody,
  setupConfirmDocument,
  setupStartDocument,
} from '../../../contract/auth';
import { errorResponses } from '../../lib/schemas';
import { login, recoveryLogin, refresh } from './service';
import { confirmSetup, disable, startSetup } from './two-factor-service';

const authErrors = errorResponses(400, 429);
const refreshErrors = errorResponses(400, 401);
const protectedErrors = errorResponses(400, 401, 429);

// Mounted under /api/ph.
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(ctx);

    app.post(
      '/authenticate/',
      {
        schema: {
          tags: ['auth'],
          summary: 'Log in with username and password (and the TOTP code when 2FA is on)',
          body: authenticateBody,
          response: { 200: tokenPairSchema, ...authErrors },
        },
      },
      (request) =>
        paced((pace) =>
          withAudit(ctx, request, 'authenticate', (trx, scope) =>
            login(ctx, trx, request.body, request.ip, scope, pace),
          ),
        ),
    );

    app.post(
      '/authenticate/recovery/',
      {
        schema: {
          tags: ['auth'],
          summary: 'Log in with a recovery code instead of the TOTP code; the code is spent',
          body: recoveryBody,
          response: { 200: tokenPairSchema, ...authErrors },
        },
      },
      (request) =>
        paced((pace) =>
          withAudit(ctx, request, 'authenticate.recovery', (trx, scope) =>
            recoveryLogin(ctx, trx, request.body, request.ip, scope, pace),
          ),
        ),
    );

    app.post(
      '/authenticate/refresh/',
      {
        schema: {
          tags: ['auth'],
          summary: 'Exchange a refresh token for new tokens (rotation)',
          body: refreshBody,
          response: { 200: tokenPairSchema, ...refreshErrors },
        },
      },
      (request) =>
        withAudit(ctx, request, 'authenticate.refresh', (trx, scope) =>
          refresh(ctx, trx, request.body.refresh, scope),
        ),
    );

    app.post(
      '/2fa/setup/start/',
      {
        onRequest: auth,
        schema: {
          tags: ['2fa'],
          summary: 'Start TOTP setup: new secret, otpauth:// URI and QR code',
          security: [{ bearer: [] }],
          response: { 200: setupStartDocument, ...protectedErrors },
        },
      },
      (request) =>
        withAudit(ctx, request, '2fa.setup.start', (trx) => startSetup(ctx, trx, request.user!.id)),
    );

    app.post(
      '/2fa/setup/confirm/',
      {
        onRequest: auth,
        schema: {
          tags: ['2fa'],
          summary: 'Confirm TOTP setup with a code; returns the recovery codes once',
          security: [{ bearer: [] }],
          body: codeBody,
          response: { 200: setupConfirmDocument, ...protectedErrors },
        },
      },
      async (request) => {
        const outbox: number[] = [];
        const result = await withAudit(ctx, request, '2fa.setup.confirm', (trx) =>
          confirmSetup(ctx, trx, request.user!.id, request.body.code, outbox),
        );
        deliverInBackground(ctx, outbox);
        return result;
      },
    );

    app.post(
      '/2fa/disable/',
      {
        onRequest: auth,
        schema: {
          tags: ['2fa'],
          summary: 'Turn 2FA off with a current code or a recovery code',
          security: [{ bearer: [] }],
          body: codeBody,
          response: { 200: emptyDocument, ...protectedErrors },
        },
      },
      async (request) => {
        const outbox: number[] = [];
        const result = await withAudit(ctx, request, '2fa.disable', (trx) =>
          disable(ctx, trx, request.user!.id, request.body.code, outbox),
        );
        deliverInBackground(ctx, outbox);
        return result;
      },
    );
  };
}
