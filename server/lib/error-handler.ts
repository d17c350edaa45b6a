import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody } from './errors';

export type WireError = { status: number; body: ErrorBody; headers: Record<string, string> };

const internal: WireError = { status: 500, body: { detail: 'Internal server error.' }, headers: {} };

const detailFor: Record<number, string> = {
  401: 'Authentication credentials were not provided.',
  403: 'You do not have permission to perform this action.',
  404: 'Not found.',
  405: 'Method not allowed.',
  406: 'Could not satisfy the request Accept header.',
  413: 'Request body is too large.',
  415: 'Unsupported media type in request.',
};

// Request validation issues as DRF field errors: {"field": ["msg"]}; whole-body issues go to non_field_errors.
function validationBody(issues: { instancePath: string; message?: string }[]): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'non_field_errors';
    (body[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return body;
}

// One mapping from anything thrown to the wire shape; pure, so it is unit tested on its own.
export function toWireError(error: unknown): WireError {
  if (error instanceof AppError) return { status: error.status, body: error.body, headers: error.headers };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, body: validationBody(error.validation), headers: {} };
  }
  if (typeof error !== 'object' || error === null || isResponseSerializationError(error)) return internal;
  const fastifyError = error as Partial<FastifyError>;
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (status === 400) return { status, body: { non_field_errors: ['Malformed request.'] }, headers: {} };
  if (status === 429) return { status, body: { detail: 'Too many attempts. Try again later.' }, headers: {} };
  if (status > 400 && status < 500)
    return { status, body: { detail: detailFor[status] ?? 'Bad request.' }, headers: {} };
  return internal;
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const wire = toWireError(error);
  if (wire.status >= 500) request.log.error({ err: error }, 'request failed');
  else if (!(error instanceof AppError))
    request.log.info({ err: { message: (error as Error)?.message } }, 'bad request');
  return reply.code(wire.status).headers(wire.headers).send(wire.body);
}
