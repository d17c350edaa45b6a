import { z } from 'zod';

// Error bodies of DESIGN.md section 3, the shapes the SPA's catalogue reads.
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>; // 400: { field: [msg], non_field_errors: [...] } or { __all__: [...] }
export const detailErrorSchema = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof detailErrorSchema>; // 401/403/404/429/500
export const requiredMessage = 'This field is required.';
