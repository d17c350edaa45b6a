import { z } from 'zod';
import { code, detailErrorSchema, errorExamples, fieldErrorsSchema } from '../../contract/errors';

// Field messages in the words the SPA's catalogue expects (Django REST framework's).
export {
  blankMessage,
  calendarDay,
  calendarDayOrTime,
  dateMessage,
  emailField,
  emailMessage,
  isCalendarDay,
  text,
} from '../../contract/fields';

// A missing field is "required" everywhere on the server (process-wide zod setting): the issue names the
// code, and the error handler words it (server/lib/validation-codes.ts).
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? code('required') : undefined,
});

export const detailSchema = detailErrorSchema.loose();

const detailExample = (status: 401 | 403 | 404 | 429) =>
  detailSchema.meta({ example: errorExamples[status] });
const errorSchemas = {
  400: fieldErrorsSchema,
  401: detailExample(401),
  403: detailExample(403),
  404: detailExample(404),
  429: detailExample(429),
} as const;

export function errorResponses<S extends keyof typeof errorSchemas>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorSchemas[s]])) as Pick<typeof errorSchemas, S>;
}
