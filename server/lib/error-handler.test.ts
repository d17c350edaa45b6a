import { z } from 'zod';
import { code } from '../../contract/errors';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { toWireError } from './error-handler';
import { fieldError, tooManyAttempts } from './errors';
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
    expect(toWireError(fieldError('code', 'code_invalid'))).toEqual({
      status: 400,
      body: { code: ['Invalid code.'], error_codes: { code: [{ code: 'code_invalid' }] } },
      headers: {},
    });
    const limited = toWireError(tooManyAttempts(41.2));
    expect(limited).toEqual({
      status: 429,
      body: {
        detail: 'Too many attempts. Try again in 42 seconds.',
        code: 'too_many_attempts',
        params: { seconds: 42 },
      },
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
      body: {
        username: ['This field is required.'],
        password: ['This field may not be blank.'],
        error_codes: { username: [{ code: 'required' }], password: [{ code: 'blank' }] },
      },
      headers: {},
    });
    expect(toWireError(validationErrorFor(schema, 'text')).body).toHaveProperty('non_field_errors');
  });

  it('maps framework client errors to a detail, and anything else to a bare 500', () => {
    expect(toWireError(Object.assign(new Error('x'), { statusCode: 415 }))).toEqual({
      status: 415,
      body: { detail: 'Unsupported media type in request.', code: 'unsupported_media_type' },
      headers: {},
    });
    expect(toWireError(Object.assign(new SyntaxError('Unexpected end'), { statusCode: 400 })).body).toEqual({
      non_field_errors: ['Malformed request.'],
      error_codes: { non_field_errors: [{ code: 'malformed_request' }] },
    });
    const internal = toWireError(new TypeError('cannot read x of undefined'));
    expect(internal).toEqual({
      status: 500,
      body: { detail: 'Internal server error.', code: 'internal_error' },
      headers: {},
    });
    expect(toWireError('a string').status).toBe(500);
  });

  it('codes zod issues with the values their text names: a contract code, or zod kind read as DRF words', () => {
    const schema = z.object({
      name: z.string().max(3, code('max_length')),
      port: z.number().min(5).max(10),
      tags: z.array(z.string()).max(1),
      kind: z.enum(['a', 'b']),
      url: z.url(),
    });
    const value = { name: 'long', port: 11, tags: ['x', 'y'], kind: 'c', url: 'nope' };
    expect(toWireError(validationErrorFor(schema, value)).body).toEqual({
      name: ['Ensure this field has no more than 3 characters.'],
      port: ['Ensure this value is less than or equal to 10.'],
      tags: ['Ensure this field has no more than 1 elements.'],
      kind: ['Not a valid choice.'],
      url: ['Enter a valid URL.'],
      error_codes: {
        name: [{ code: 'max_length', params: { max: 3 } }],
        port: [{ code: 'max_value', params: { max: 10 } }],
        tags: [{ code: 'max_items', params: { max: 1 } }],
        kind: [{ code: 'invalid_choice' }],
        url: [{ code: 'invalid_url' }],
      },
    });
  });
});
