import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { httpRequests, registry } from '../../lib/metrics';
import { scrape } from './collect';

// GET /metrics in Prometheus' text format (docs/MONITORING.md). With METRICS_PORT it has a listener of its
// own on HOST (reachable only where the operator lets it be); with METRICS_TOKEN it is also on the API port,
// answering only a request carrying "Authorization: Bearer <token>" (RFC 6750 section 2.1), else 404 so
// its presence is not advertised.

function bearerMatches(header: string | undefined, token: string): boolean {
  const got = Buffer.from(header ?? '');
  const want = Buffer.from(`Bearer ${token}`);
  return got.length === want.length && timingSafeEqual(got, want);
}

export function metricsRoutes(ctx: AppContext, requireToken: boolean): FastifyPluginAsync {
  return async (app) => {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const token = ctx.config.metrics?.token;
      if (requireToken && (!token || !bearerMatches(request.headers.authorization, token)))
        return reply.code(404).send({ detail: 'Not found.' });
      const text = await scrape(ctx);
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    });
  };
}

/** Counts every answered request by its route pattern: a raw URL would make one series per id. */
export function countRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
  });
}

/** The metrics listener of METRICS_PORT, or null when the setting is unset. */
export async function listenForMetrics(ctx: AppContext): Promise<FastifyInstance | null> {
  const port = ctx.config.metrics?.port;
  if (port === undefined) return null;
  const app = Fastify({ loggerInstance: ctx.logger as FastifyBaseLogger });
  await app.register(metricsRoutes(ctx, false));
  await app.listen({ port, host: ctx.config.host });
  return app;
}
