import type { ErrorCode, ErrorItem, ErrorParams } from '../../contract/errors';
import { serverT } from './i18n';

// The one server error: a status and the exact wire body (DESIGN.md section 3 shapes). Every text comes
// from the errors catalogue by its code (locales/<lang>/errors.json); the wire carries the code and its
// values beside the English text, and the SPA words the code in the reader's language.
export type { ErrorCode, ErrorItem, ErrorParams };
export type DetailBody = { detail: string; code?: string; params?: ErrorParams; [more: string]: unknown };
export type FieldBody = { [field: string]: string[] | Record<string, ErrorItem[]> };
export type ErrorBody = DetailBody | FieldBody;

const english = serverT('en', 'errors');

/** One coded error (a field's problem or a detail), with its values when the text has some. */
export const item = (code: ErrorCode, params?: ErrorParams): ErrorItem =>
  params && Object.keys(params).length ? { code, params } : { code };

/** The English text of a coded error: the wire's message (the product spec's words). */
export const errorText = ({ code, params }: ErrorItem): string => english(code, params ?? {});

/** A 400 field body: { field: [message] } plus the parallel error_codes. */
export function fieldBody(errors: Record<string, ErrorItem[]>): FieldBody {
  const body: FieldBody = {};
  for (const [field, items] of Object.entries(errors)) body[field] = items.map(errorText);
  return { ...body, error_codes: errors };
}

/** The coded errors of a field body, by field (empty for a detail body). */
export const codesOf = (body: ErrorBody): Record<string, ErrorItem[]> =>
  (body.error_codes as Record<string, ErrorItem[]> | undefined) ?? {};

export const detailBody = (code: ErrorCode, params?: ErrorParams): DetailBody => {
  const coded = item(code, params);
  return { detail: errorText(coded), ...coded };
};

export class AppError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(status: number, body: ErrorBody, headers: Record<string, string> = {}) {
    super(typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export const badRequest = (errors: Record<string, ErrorItem[]>, status = 400) =>
  new AppError(status, fieldBody(errors));
export const fieldError = (field: string, code: ErrorCode, params?: ErrorParams) =>
  badRequest({ [field]: [item(code, params)] });
export const detailError = (
  status: number,
  code: ErrorCode,
  params?: ErrorParams,
  headers: Record<string, string> = {},
) => new AppError(status, detailBody(code, params), headers);

export const notFound = () => detailError(404, 'not_found');
export const forbidden = () => detailError(403, 'permission_denied');
export const notAuthenticated = () => detailError(401, 'not_authenticated');
// The SPA refreshes its access token on token_not_valid; a refused refresh has its own code.
export const tokenNotValid = () => detailError(401, 'token_not_valid');
export const invalidRefresh = () => detailError(401, 'refresh_not_valid');
export const tooManyAttempts = (retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return detailError(429, 'too_many_attempts', { seconds }, { 'retry-after': String(seconds) });
};
