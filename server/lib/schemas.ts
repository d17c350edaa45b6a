import { z } from 'zod';
import { errorExamples, fieldErrorsSchema, requiredMessage } from '../../contract/errors';

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

// A missing field reads "This field is required." everywhere on the server (process-wide zod setting).
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? requiredMessage : undefined,
});

export const detailSchema = z.looseObject({ detail: z.string() });

const detailExample = (status: 401 | 403 | 404 | 429) =>
  detailSchema.meta({ example: errorExamples[status] });
const errorSchemas = {
  400: fieldErrorsSchema.meta({ example: errorExamples[400] }),
  401: detailExample(401),
  403: detailExample(403),
  404: detailExample(404),
  429: detailExample(429),
} as const;

export function errorResponses<S extends keyof typeof errorSchemas>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorSchemas[s]])) as Pick<typeof errorSchemas, S>;
}
