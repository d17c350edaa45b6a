import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { deliverInBackground } from '../../mail/app-mail';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from './bearer';
import { paced } from './rate-limit';
import { routeOf } from '../../lib/operation';
import { authOps } from '../../../contract/operations/auth';
import { login, recoveryLogin, refresh } from './service';
import { confirmSetup, disable, startSetup } from './two-factor-service';

// Mounted under /api/ph.
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(ctx);

    app.route({
      ...routeOf(app.prefix, authOps.authenticate),
      handler: (request) =>
        paced((pace) =>
          withAudit(ctx, request, 'authenticate', (trx, scope) =>
            login(ctx, trx, request.body, request.ip, scope, pace),
          ),
        ),
    });

    app.route({
      ...routeOf(app.prefix, authOps.recovery),
      handler: (request) =>
        paced((pace) =>
          withAudit(ctx, request, 'authenticate.recovery', (trx, scope) =>
            recoveryLogin(ctx, trx, request.body, request.ip, scope, pace),
          ),
        ),
    });

    app.route({
      ...routeOf(app.prefix, authOps.refresh),
      handler: (request) =>
        withAudit(ctx, request, 'authenticate.refresh', (trx, scope) =>
          refresh(ctx, trx, request.body.refresh, scope),
        ),
    });

    app.route({
      ...routeOf(app.prefix, authOps.setupStart),
      onRequest: auth,
      handler: (request) =>
        withAudit(ctx, request, '2fa.setup.start', (trx) => startSetup(ctx, trx, request.user!.id)),
    });

    app.route({
      ...routeOf(app.prefix, authOps.setupConfirm),
      onRequest: auth,
      handler: async (request) => {
        const outbox: number[] = [];
        const result = await withAudit(ctx, request, '2fa.setup.confirm', (trx) =>
          confirmSetup(ctx, trx, request.user!.id, request.body.code, outbox),
        );
        deliverInBackground(ctx, outbox);
        return result;
      },
    });

    app.route({
      ...routeOf(app.prefix, authOps.disable),
      onRequest: auth,
      handler: async (request) => {
        const outbox: number[] = [];
        const result = await withAudit(ctx, request, '2fa.disable', (trx) =>
          disable(ctx, trx, request.user!.id, request.body.code, outbox),
        );
        deliverInBackground(ctx, outbox);
        return result;
      },
    });
  };
}
