import { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { toWireError } from './error-handler';
import { AppError, tooManyAttempts } from './errors';
import './schemas';

function validationErrorFor(schema: z.ZodType, value: unknown) {
  // The same path Fastify takes: the route's validator answers the issues, Fastify attaches them.
  const validate = validatorCompiler({ schema, method: 'POST', url: '/x', httpPart: 'body' }) as (
    data: unknown,
  ) => { error?: unknown[] };
  const { error } = validate(value);
  if (!error) throw new Error('expected a failure');
  return Object.assign(new Error('validation'), { validation: error, statusCode: 400 });
}

describe('toWireError', () => {
  it('passes an AppError through with its headers', () => {
    expect(toWireError(new AppError(400, { code: ['Invalid code.'] }))).toEqual({
      status: 400,
      body: { code: ['Invalid code.'] },
      headers: {},
    });
    const limited = toWireError(tooManyAttempts(41.2));
    expect(limited).toEqual({
      status: 429,
      body: { detail: 'Too many attempts. Try again in 42 seconds.' },
      headers: { 'retry-after': '42' },
    });
  });

  it('turns request validation issues into DRF field errors', () => {
    const schema = z.object({
      username: z.string(),
      password: z.string().min(1, 'This field may not be blank.'),
    });
    expect(toWireError(validationErrorFor(schema, { password: '' }))).toEqual({
      status: 400,
      body: { username: ['This field is required.'], password: ['This field may not be blank.'] },
      headers: {},
    });
    expect(toWireError(validationErrorFor(schema, 'text')).body).toHaveProperty('non_field_errors');
  });

  it('maps framework client errors to a detail, and anything else to a bare 500', () => {
    expect(toWireError(Object.assign(new Error('x'), { statusCode: 415 }))).toEqual({
      status: 415,
      body: { detail: 'Unsupported media type in request.' },
      headers: {},
    });
    expect(toWireError(Object.assign(new SyntaxError('Unexpected end'), { statusCode: 400 })).body).toEqual({
      non_field_errors: ['Malformed request.'],
    });
    const internal = toWireError(new TypeError('cannot read x of undefined'));
    expect(internal).toEqual({ status: 500, body: { detail: 'Internal server error.' }, headers: {} });
    expect(toWireError('a string').status).toBe(500);
  });
});
