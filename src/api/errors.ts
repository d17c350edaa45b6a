import { isAxiosError } from 'axios';

// One place that turns a failed call into the catalogue message (spec section 8). Error bodies stay in
// their wire shape (the client camelCases only successful answers): 400 { field: [msg],
// non_field_errors: [...] } or { __all__: [...] }; 401/403/404/429/500 { detail }.

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

/** Every message of an error body (or part of one), in order. */
export function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(messagesOf);
  return [];
}

// Accept the camelCase spelling too, in case a caller hands over an already converted body.
function keyed(body: Record<string, unknown>, snake: string, camel: string): unknown {
  return body[snake] ?? body[camel];
}

function pick(body: Record<string, unknown>, source: ErrorSource): string[] {
  if (typeof source === 'object') return messagesOf(body[source.field]);
  switch (source) {
    case 'nonFieldErrors':
      return messagesOf(keyed(body, 'non_field_errors', 'nonFieldErrors'));
    case 'all':
      return messagesOf(body.__all__);
    case 'detail':
      return messagesOf(body.detail);
    case 'statusMessage':
      return messagesOf(keyed(body, 'status_message', 'statusMessage'));
    case 'firstField':
      return messagesOf(body).slice(0, 1);
    case 'allFields':
      return messagesOf(body);
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
  const detail = errorBody(error)?.detail;
  return typeof detail === 'string' && detail.trim() ? detail : null;
}

/** When a refused call (429) may be made again, from its Retry-After header; null when it says nothing. */
export function retryAt(error: unknown, now = new Date()): Date | null {
  if (!isAxiosError(error) || error.response?.status !== 429) return null;
  const seconds = Number(error.response.headers['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null;
}
