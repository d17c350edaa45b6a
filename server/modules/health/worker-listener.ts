import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { healthRoutes, type QueueReady } from './routes';

// `msas worker` serves no API, but an orchestrator still needs to know whether it can run jobs: with
// WORKER_HEALTH_PORT set it answers /healthz and /readyz (database and queue) on HOST:WORKER_HEALTH_PORT,
// and nothing else. Unset: no listener (several workers on one host would otherwise need a port each).
export async function listenForHealth(
  ctx: AppContext,
  queueReady: QueueReady,
): Promise<FastifyInstance | null> {
  const port = ctx.config.workerHealthPort;
  if (port === undefined) return null;
  const app = Fastify({ loggerInstance: ctx.logger as FastifyBaseLogger });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(healthRoutes(ctx, queueReady));
  await app.listen({ port, host: ctx.config.host });
  return app;
}
