import { z } from 'zod';

// Error bodies of DESIGN.md section 3, the shapes the SPA's catalogue reads.
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>; // 400: { field: [msg], non_field_errors: [...] } or { __all__: [...] }
export const detailErrorSchema = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof detailErrorSchema>; // 401/403/404/429/500
export const requiredMessage = 'This field is required.';

// One example per error shape and status, as server/lib/errors.ts words them.
export const errorExamples = {
  400: { name: [requiredMessage], domains: ['Enter a valid domain name.'] },
  401: { detail: 'Authentication credentials were not provided.' },
  403: { detail: 'You do not have permission to perform this action.' },
  404: { detail: 'Not found.' },
  429: { detail: 'Too many attempts. Try again in 30 seconds.' },
} as const;
