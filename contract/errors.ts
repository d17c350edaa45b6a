import { z } from 'zod';
import type { ErrorCode, ErrorItem, ErrorParams } from './error-codes';

// Error bodies of DESIGN.md section 3, the shapes the SPA reads. Every error has a stable code, a key of the
// errors catalogue (locales/<lang>/errors.json); the wire carries it beside the English text, with the
// values the text names (params), so the SPA words it in the reader's language.
export type { ErrorCode, ErrorItem, ErrorParams };
export { code } from './error-codes';

const errorParamsSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .describe('The values the text names, by placeholder.')
  .meta({ id: 'ErrorParams' });
export const errorItemSchema = z
  .object({
    code: z.string().describe('A key of the errors catalogue (snake_case).'),
    params: errorParamsSchema.optional(),
  })
  .meta({ id: 'ErrorItem' });

// 400: { field: [msg], non_field_errors: [...] } or { __all__: [...] }, plus error_codes: { field: [item] }
// parallel to the messages.
const fieldErrorsShape = z
  .object({ error_codes: z.record(z.string(), z.array(errorItemSchema)).optional() })
  .catchall(z.array(z.string()));

export type FieldErrors = Record<string, string[]>;
// 401/403/404/409/429/5xx
export const detailErrorSchema = z.object({
  detail: z.string(),
  code: z.string().optional(),
  params: errorParamsSchema.optional(),
});
export type DetailError = z.infer<typeof detailErrorSchema>;

// One example per error shape and status, as the errors catalogue words them.
export const errorExamples = {
  400: {
    name: ['This field is required.'],
    domains: ['Enter a valid domain name.'],
    error_codes: { name: [{ code: 'required' }], domains: [{ code: 'domain_invalid' }] },
  },
  401: { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' },
  403: { detail: 'You do not have permission to perform this action.', code: 'permission_denied' },
  404: { detail: 'Not found.', code: 'not_found' },
  429: {
    detail: 'Too many attempts. Try again in 30 seconds.',
    code: 'too_many_attempts',
    params: { seconds: 30 },
  },
} as const;

// The 400 body, one component of the OpenAPI document.
export const fieldErrorsSchema = fieldErrorsShape.meta({ id: 'FieldErrors', example: errorExamples[400] });
