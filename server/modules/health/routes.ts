import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, type ReadyAnswer, readySchema } from '../../../contract/health';
import type { AppContext } from '../../context';

/** Whether this process's job queue can take and run jobs; absent on an API-only process (--no-jobs). */
export type QueueReady = () => Promise<boolean>;

async function databaseAnswers(ctx: AppContext): Promise<boolean> {
  try {
    await sql`select 1`.execute(ctx.db);
    return true;
  } catch (error) {
    ctx.logger.error({ err: error }, 'health check: database failed');
    return false;
  }
}

// GET /healthz: liveness, for the start-up check; 503 when the database does not answer.
// GET /readyz: readiness, for a load balancer or orchestrator: the database and, on a process that runs
// jobs, the queue; 503 (with which failed) while either is down or the process is stopping. With a read
// replica it also shows the replica's lag, without failing on it: reads fall back to the primary.
export function healthRoutes(ctx: AppContext, queueReady?: QueueReady): FastifyPluginAsyncZod {
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
      async (_request, reply) => {
        if (await databaseAnswers(ctx)) return { status: 'ok' as const, database: 'ok' as const };
        return reply.code(503).send({ status: 'error', database: 'error' });
      },
    );
    app.get(
      '/readyz',
      {
        schema: {
          tags: ['health'],
          summary: 'Readiness: database and, where jobs run, the job queue',
          response: { 200: readySchema, 503: readySchema },
        },
      },
      async (_request, reply) => {
        const database = (await databaseAnswers(ctx)) ? 'ok' : 'error';
        const queue = queueReady ? ((await queueReady()) ? 'ok' : 'error') : 'not run here';
        const ok = database === 'ok' && queue !== 'error';
        const answer: ReadyAnswer = { status: ok ? 'ok' : 'error', database, queue };
        if (ctx.replica) {
          const lag = await ctx.replica.lag();
          answer.replica = {
            state: lag.state,
            lag_seconds: lag.seconds,
            lag_bytes: lag.bytes,
            max_lag_seconds: ctx.replica.maxLagSeconds,
          };
        }
        return reply.code(ok ? 200 : 503).send(answer);
      },
    );
  };
}
