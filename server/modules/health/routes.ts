import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

const healthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['ok', 'error']) });

// GET /healthz: for load balancers and the start-up check; 503 when the database does not answer.
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database check',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (request, reply) => {
        try {
          await sql`select 1`.execute(ctx.db);
          return { status: 'ok' as const, database: 'ok' as const };
        } catch (error) {
          request.log.error({ err: error }, 'health check: database failed');
          return reply.code(503).send({ status: 'error', database: 'error' });
        }
      },
    );
  };
}
