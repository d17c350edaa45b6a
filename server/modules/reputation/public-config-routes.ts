import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { routeOf } from '../../lib/operation';
import { reputationOps } from '../../../contract/operations/reputation';
import { publicTrackers } from '../../lib/trackers';

// Mounted under /api/ph: what the SPA needs before login (the reCAPTCHA site key, the optional trackers). Public.
export function publicConfigRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(app.prefix, reputationOps.publicConfig),
      handler: async () => {
        const { recaptchaSecret, recaptchaSiteKey } = ctx.config.reputation;
        // The widget only makes sense when the server verifies its tokens.
        const enabled = Boolean(recaptchaSecret && recaptchaSiteKey);
        return {
          recaptcha_site_key: enabled ? recaptchaSiteKey! : null,
          recaptcha_enabled: enabled,
          trackers: publicTrackers(ctx.config.trackers),
        };
      },
    });
  };
}
