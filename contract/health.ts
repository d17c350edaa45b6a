import { z } from 'zod';
import { answerExample } from './example';

// GET /healthz (liveness) and GET /readyz (readiness) on the wire (server/modules/health/routes.ts).
const check = z.enum(['ok', 'error']);
export const healthSchema = answerExample(z.object({ status: check, database: check }), {
  status: 'ok',
  database: 'ok',
});
const replicaSchema = z
  .object({
    state: z.enum(['ok', 'lagging', 'error']),
    lag_seconds: z.number().nullable(),
    lag_bytes: z.number().nullable(),
    max_lag_seconds: z.number(),
  })
  .describe(
    'Only with DATABASE_READ_URL. Lagging or unreachable: its reads go to the primary (still ready).',
  );
export const readySchema = answerExample(
  z.object({
    status: check,
    database: check,
    queue: z.enum(['ok', 'error', 'not run here']),
    replica: replicaSchema.optional(),
  }),
  {
    status: 'ok',
    database: 'ok',
    queue: 'ok',
    replica: { state: 'ok', lag_seconds: 0.4, lag_bytes: 5120, max_lag_seconds: 30 },
  },
);

export type ReadyAnswer = z.infer<typeof readySchema>;
