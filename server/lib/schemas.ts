import { z } from 'zod';
import { fieldErrorsSchema, requiredMessage } from '../../contract/errors';

// Field messages in the words the SPA's catalogue expects (Django REST framework's).
export const blankMessage = 'This field may not be blank.';
export const emailMessage = 'Enter a valid email address.';

// A missing field reads "This field is required." everywhere on the server (process-wide zod setting).
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? requiredMessage : undefined,
});

export const text = (max = 255) =>
  z.string().trim().min(1, blankMessage).max(max, `Ensure this field has no more than ${max} characters.`);
export const emailField = () =>
  z
    .string()
    .trim()
    .min(1, blankMessage)
    .max(254, 'Ensure this field has no more than 254 characters.')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, emailMessage);

export const detailSchema = z.looseObject({ detail: z.string() });
export const emptySchema = z.object({});

const errorSchemas = {
  400: fieldErrorsSchema,
  401: detailSchema,
  403: detailSchema,
  404: detailSchema,
  429: detailSchema,
} as const;

export function errorResponses<S extends keyof typeof errorSchemas>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorSchemas[s]])) as Pick<typeof errorSchemas, S>;
}
