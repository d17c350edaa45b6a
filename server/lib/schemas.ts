import { z } from 'zod';
import { fieldErrorsSchema, requiredMessage } from '../../contract/errors';

// Field messages in the words the SPA's catalogue expects (Django REST framework's).
export { blankMessage, emailField, emailMessage, text } from '../../contract/fields';

// A missing field reads "This field is required." everywhere on the server (process-wide zod setting).
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? requiredMessage : undefined,
});

// Calendar days (YYYY-MM-DD). The pattern alone lets 2020-13-45 and 2021-02-30 through, and those become
// Invalid Dates or rolled-over days further in; a day must read back as itself. Years 1000-9998 keep a day's
// neighbours (a window's edges, the day after the end) four-digit days PostgreSQL accepts (it has no year 0).
export const dateMessage = 'Enter a valid date (YYYY-MM-DD).';
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDay(value: string): boolean {
  if (!dayPattern.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const t = Date.parse(`${value}T00:00:00Z`);
  return year >= 1000 && year <= 9998 && !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === value;
}

export const calendarDay = (message = dateMessage) =>
  z.string().regex(dayPattern, { message, abort: true }).refine(isCalendarDay, message);

// A calendar day, optionally with a time of day and offset (ISO 8601); both parts must be real.
const dayTimePattern = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
export const calendarDayOrTime = (message: string) =>
  z
    .string()
    .regex(dayTimePattern, { message, abort: true })
    .refine((v) => isCalendarDay(v.slice(0, 10)) && !Number.isNaN(Date.parse(v)), message);

export const detailSchema = z.looseObject({ detail: z.string() });

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
