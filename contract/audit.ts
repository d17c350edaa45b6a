import { z } from 'zod';
import { pageLinksSchema, pageMetaSchema } from './paging';
import { answerExample, sample } from './example';

// The audit log on the wire: GET /api/ph/v2/audit/operations/ (the caller's organization, support every one).

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Any JSON value: what an operation was asked is the request it came from, so its shape is the caller's. */
export const jsonValueSchema: z.ZodType<Json, Json> = z
  .union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.lazy(() => jsonValueSchema)),
    z.record(
      z.string(),
      z.lazy(() => jsonValueSchema),
    ),
  ])
  .meta({ id: 'JsonValue' });

export const operationResourceSchema = z.object({
  type: z.literal('operations'),
  id: z.number().int(),
  attributes: z.object({
    name: z.string().describe('What was done, e.g. users.create or domains.delete'),
    date: z.string(),
    user: z.number().int().nullable(),
    request: z
      .record(z.string(), jsonValueSchema)
      .describe(
        'For an API call {method, path, ip, body} with secret fields redacted; for the CLI and background ' +
          'jobs the arguments they acted on',
      ),
    response: z.object({ status: z.number().int() }),
  }),
});

export const auditList = answerExample(
  z.object({
    data: z.array(operationResourceSchema),
    links: pageLinksSchema,
    meta: pageMetaSchema.extend({
      operations: z.array(z.string()).describe('Every operation name in scope, for the filter'),
    }),
  }),
  {
    data: [
      {
        type: 'operations',
        id: 3301,
        attributes: {
          name: 'domains.create',
          date: sample.time,
          user: 7,
          request: {
            method: 'POST',
            path: '/api/dm/domains/create/',
            ip: sample.ip,
            body: { name: sample.otherDomain },
          },
          response: { status: 201 },
        },
      },
    ],
    links: {
      current: '/api/ph/v2/audit/operations/?page=1',
      first: '/api/ph/v2/audit/operations/?page=1',
      last: '/api/ph/v2/audit/operations/?page=1',
      next: null,
      prev: null,
    },
    meta: {
      count: 1,
      page: 1,
      page_size: 20,
      operations: ['domains.create', 'domains.delete', 'users.create'],
    },
  },
);
