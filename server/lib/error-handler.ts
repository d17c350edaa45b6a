import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, badRequest, detailError, item, type ErrorBody, type ErrorItem } from './errors';
import { isErrorCode, issueItem, type ValidationIssue } from './validation-codes';

export type WireError = { status: number; body: ErrorBody; headers: Record<string, string> };

const wire = (error: AppError): WireError => ({
  status: error.status,
  body: error.body,
  headers: error.headers,
});

const codeFor = {
  401: 'not_authenticated',
  403: 'permission_denied',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
} as const;

// Request validation issues as DRF field errors: {"field": ["msg"]}; whole-body issues go to non_field_errors.
function validationBody(issues: ValidationIssue[]) {
  const errors: Record<string, ErrorItem[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'non_field_errors';
    (errors[field] ??= []).push(issueItem(issue));
  }
  return badRequest(errors);
}

// One mapping from anything thrown to the wire shape; pure, so it is unit tested on its own.
export function toWireError(error: unknown): WireError {
  if (error instanceof AppError) return wire(error);
  if (hasZodFastifySchemaValidationErrors(error)) return wire(validationBody(error.validation));
  if (typeof error !== 'object' || error === null || isResponseSerializationError(error))
    return wire(detailError(500, 'internal_error'));
  const fastifyError = error as Partial<FastifyError>;
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status === 400) return wire(badRequest({ non_field_errors: [item('malformed_request')] }));
  if (status === 429) return wire(detailError(429, 'too_many_attempts_later'));
  if (status > 400 && status < 500) {
    const code = (codeFor as Record<number, string>)[status] ?? 'bad_request';
    return wire(detailError(status, isErrorCode(code) ? code : 'bad_request'));
  }
  return wire(detailError(500, 'internal_error'));
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const wired = toWireError(error);
  if (wired.status >= 500) request.log.error({ err: error }, 'request failed');
  else if (!(error instanceof AppError))
    request.log.info({ err: { message: (error as Error)?.message } }, 'bad request');
  return reply.code(wired.status).headers(wired.headers).send(wired.body);
}
