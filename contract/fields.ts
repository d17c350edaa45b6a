import { z } from 'zod';
import { code, type ErrorCode } from './error-codes';
import { answerExample } from './example';

// Field rules shared by the contract's request schemas. A message names a code of the errors catalogue,
// worded (in Django REST framework's words) by the server's error handler with the bound; a missing
// field is "required" (server/lib/schemas.ts).
export const blankMessage = code('blank');
export const maxLengthMessage = code('max_length');
export const choiceMessage = { message: code('invalid_choice') };
export const emailMessage = code('invalid_email');

export const text = (max = 255) => z.string().trim().min(1, blankMessage).max(max, maxLengthMessage);

// Database ids: positive 32-bit integers, from a path, a query or a form field.
export const idField = () => z.coerce.number().int().positive().max(2_147_483_647);
// The same, for a body field naming another row (a user, an owner): a non-number says so in DRF's words.
export const refField = () =>
  z.coerce
    .number({ message: code('invalid_integer') })
    .int()
    .positive()
    .max(2_147_483_647);

export const emailField = () =>
  z
    .string()
    .trim()
    .min(1, blankMessage)
    .max(254, maxLengthMessage)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, emailMessage);

// A success answer that only says what happened.
export const detailDocument = answerExample(z.object({ detail: z.string() }), { detail: 'Done.' });

// Form posts repeat a list field (domains=a&domains=b); one value arrives as a string.
export const domainRefs = z.preprocess(
  (v) => (v === undefined || Array.isArray(v) ? v : [v]),
  z.array(z.union([z.string().max(300), z.number().int()]).transform(String)).max(1000),
);

// Calendar days (YYYY-MM-DD). The pattern alone lets 2020-13-45 and 2021-02-30 through, and those become
// Invalid Dates or rolled-over days further in; a day must read back as itself. Years 1000-9998 keep a day's
// neighbours (a window's edges, the day after the end) four-digit days PostgreSQL accepts (it has no year 0).
export const dateMessage = code('invalid_date');
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
export const calendarDayOrTime = (message: ErrorCode) =>
  z
    .string()
    .regex(dayTimePattern, { message, abort: true })
    .refine((v) => isCalendarDay(v.slice(0, 10)) && !Number.isNaN(Date.parse(v)), message);
