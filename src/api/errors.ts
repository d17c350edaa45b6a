import { isAxiosError } from 'axios';
import i18n from '../i18n';

// One place that turns a failed call into the catalogue message (spec section 8). Error bodies stay in
// their wire shape (the client camelCases only successful answers): 400 { field: [msg],
// non_field_errors: [...] } or { __all__: [...] } with error_codes { field: [{ code, params }] } beside;
// 401/403/404/429/500 { detail, code, params }. A message is the code's text in the reader's language (the
// errors namespace, src/i18n/index.ts loadErrors), or the server's English while that is not loaded or
// when the code is unknown.

/** One coded error of the wire (contract/errors.ts). */
export type CodedError = { code: string; params?: Record<string, string | number> };
/** How an area shows a value of a coded error (a param's label), by name; the value as it came otherwise. */
export type ReadParam = (name: string, value: string | number) => string | number;

// error_codes beside a 400's fields; code and params of a detail body. A field may itself be named `code`
// (the login's two-factor code): its value is a list of messages, never a string or an object.
const errorKeys = new Set(['error_codes', 'code', 'params']);
/** Whether a key of an error body is a code rather than a field's messages. */
export const isCodeKey = (key: string, value?: unknown) =>
  key === 'error_codes' || (errorKeys.has(key) && !Array.isArray(value));

/** A coded error in the reader's language, or `message` (the server's English) when it has no text here. */
export function codeText(coded: CodedError | undefined, message: string, read?: ReadParam): string {
  if (!coded || typeof coded.code !== 'string' || !i18n.exists(coded.code, { ns: 'errors' })) return message;
  const params = coded.params ?? {};
  const values = read ? Object.fromEntries(Object.entries(params).map(([n, v]) => [n, read(n, v)])) : params;
  return i18n.t(coded.code, { ...values, ns: 'errors' }) as string;
}

/** The coded errors of one field of a 400 body (empty when the body carries none). */
export function codesOf(body: Record<string, unknown> | null | undefined, field: string): CodedError[] {
  const codes = body?.error_codes as Record<string, CodedError[]> | undefined;
  return Array.isArray(codes?.[field]) ? codes[field] : [];
}

/** One field's messages in the reader's language. */
export function fieldMessages(
  body: Record<string, unknown> | null | undefined,
  field: string,
  read?: ReadParam,
): string[] {
  const codes = codesOf(body, field);
  return messagesOf(body?.[field]).map((message, i) => codeText(codes[i], message, read));
}

/** The detail of a body in the reader's language (empty when it has none). */
export function detailText(body: Record<string, unknown>): string[] {
  const [message] = messagesOf(body.detail);
  return message === undefined ? [] : [codeText(body as CodedError, message)];
}

export type ErrorSource =
  | 'nonFieldErrors' // non_field_errors, joined
  | 'all' // __all__, joined
  | 'detail' // detail
  | 'statusMessage' // status_message (IP listing and delist)
  | 'firstField' // the first message of the body, whatever its field
  | 'allFields' // every message of the body, joined
  | { field: string }; // one field's messages, joined

export type ErrorMessageOptions = {
  /** Where to look, in order; the first source with a message wins. None: the fallback. */
  from?: ErrorSource | ErrorSource[];
  separator?: string;
};

export const defaultErrorMessage = 'Something went wrong.';

/** Every message of an error body (or part of one), in order, as the server wrote it; codes are not messages. */
export function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, v]) => (isCodeKey(key, v) ? [] : messagesOf(v)));
  return [];
}

/** Every message of a body, each in the reader's language. */
export function bodyMessages(body: Record<string, unknown> | null, read?: ReadParam): string[] {
  if (!body) return [];
  if ('detail' in body) return detailText(body);
  return Object.keys(body).flatMap((field) =>
    isCodeKey(field, body[field]) ? [] : fieldMessages(body, field, read),
  );
}

// Accept the camelCase spelling too, in case a caller hands over an already converted body.
function keyed(body: Record<string, unknown>, snake: string, camel: string): string[] {
  return body[snake] !== undefined ? fieldMessages(body, snake) : fieldMessages(body, camel);
}

function pick(body: Record<string, unknown>, source: ErrorSource): string[] {
  if (typeof source === 'object') return fieldMessages(body, source.field);
  switch (source) {
    case 'nonFieldErrors':
      return keyed(body, 'non_field_errors', 'nonFieldErrors');
    case 'all':
      return fieldMessages(body, '__all__');
    case 'detail':
      return detailText(body);
    case 'statusMessage':
      return keyed(body, 'status_message', 'statusMessage');
    case 'firstField':
      return bodyMessages(body).slice(0, 1);
    case 'allFields':
      return bodyMessages(body);
  }
}

/** The response body of a failed call, or null for network errors, timeouts and cancels. */
export function errorBody(error: unknown): Record<string, unknown> | null {
  if (!isAxiosError(error) || !error.response) return null;
  const data: unknown = error.response.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  return data as Record<string, unknown>;
}

export function errorMessage(
  error: unknown,
  fallback: string = defaultErrorMessage,
  options: ErrorMessageOptions = {},
): string {
  const body = errorBody(error);
  if (!body) return fallback;
  const sources =
    options.from === undefined ? [] : Array.isArray(options.from) ? options.from : [options.from];
  for (const source of sources) {
    const found = pick(body, source);
    if (found.length > 0) return found.join(options.separator ?? ' ');
  }
  return fallback;
}

/**
 * The reason of a 403 (a read-only organization, a role that may not do this), or null. Forms whose spec
 * message names only field errors show it instead of their generic failure, so a refusal is explained.
 */
export function refusalMessage(error: unknown): string | null {
  if (!isAxiosError(error) || error.response?.status !== 403) return null;
  const body = errorBody(error);
  return (body && detailText(body)[0]) || null;
}

/** When a refused call (429) may be made again, from its Retry-After header; null when it says nothing. */
export function retryAt(error: unknown, now = new Date()): Date | null {
  if (!isAxiosError(error) || error.response?.status !== 429) return null;
  const seconds = Number(error.response.headers['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null;
}
