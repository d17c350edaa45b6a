import type { Param, Params } from './form';

// Stripe's error answer: { error: { type, code?, param?, message } } with the HTTP status Stripe uses
// (API reference, "Errors"): 400 invalid requests, 401 a bad key, 402 card errors, 404 missing objects.
export type ErrorType = 'invalid_request_error' | 'idempotency_error' | 'card_error' | 'api_error';

export class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...(this.code === 'resource_missing'
          ? { doc_url: 'https://stripe.com/docs/error-codes/resource-missing' }
          : {}),
      },
    };
  }
}

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeFakeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export const required = (param: string) =>
  new StripeFakeError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );

export const invalid = (param: string, message: string) =>
  new StripeFakeError(400, 'invalid_request_error', message, 'parameter_invalid_empty', param);

// Stripe refuses a parameter the endpoint does not know; the fake does too, so msas sends only real ones.
export function allowOnly(params: Params, allowed: string[]): void {
  for (const key of Object.keys(params))
    if (!allowed.includes(key) && key !== 'expand')
      throw new StripeFakeError(
        400,
        'invalid_request_error',
        `Received unknown parameter: ${key}`,
        'parameter_unknown',
        key,
      );
}

export function need<T>(value: T | undefined, param: string, raw: Param | undefined): T {
  if (raw === undefined || raw === '') throw required(param);
  if (value === undefined) throw invalid(param, `Invalid value for ${param}.`);
  return value;
}
