import { AxiosError, AxiosHeaders, CanceledError } from 'axios';
import { errorBody, errorMessage, refusalMessage } from './errors';

function failed(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(
    'Request failed',
    'ERR_BAD_REQUEST',
    config,
    {},
    {
      status,
      statusText: '',
      headers: {},
      config,
      data,
    },
  );
}

const loginFailure = failed(400, { non_field_errors: ['Unable to log in with provided credentials.'] });

describe('errorMessage', () => {
  it('joins non_field_errors (login)', () => {
    const error = failed(400, { non_field_errors: ['First.', 'Second.'] });
    expect(errorMessage(error, 'Something went wrong.', { from: 'nonFieldErrors' })).toBe('First. Second.');
    expect(errorMessage(loginFailure, 'x', { from: 'nonFieldErrors' })).toBe(
      'Unable to log in with provided credentials.',
    );
  });

  it('joins __all__ errors (change password, domain group update)', () => {
    const error = failed(400, { __all__: ['Passwords do not match.', 'Too short.'] });
    expect(errorMessage(error, 'fallback', { from: 'all', separator: ', ' })).toBe(
      'Passwords do not match., Too short.',
    );
  });

  it("returns a given field's errors (2FA code, DNS zone name)", () => {
    const error = failed(400, { code: ['Invalid code.'], name: ['Bad name.'] });
    expect(errorMessage(error, 'fallback', { from: { field: 'code' } })).toBe('Invalid code.');
    expect(errorMessage(error, 'fallback', { from: { field: 'name' } })).toBe('Bad name.');
    expect(errorMessage(error, 'fallback', { from: { field: 'email' } })).toBe('fallback');
  });

  it('returns the first field error (email sender delete)', () => {
    const error = failed(400, { name: ['Name is in use.', 'Other.'], logo: ['Bad logo.'] });
    expect(errorMessage(error, 'Unable to delete Email Sender', { from: 'firstField' })).toBe(
      'Name is in use.',
    );
  });

  it('joins every field error (alert create)', () => {
    const error = failed(400, { condition: ['Required.'], domain: ['Unknown domain.'] });
    expect(errorMessage(error, 'Unable to create Alert.', { from: 'allFields' })).toBe(
      'Required. Unknown domain.',
    );
  });

  it('returns detail and status_message', () => {
    expect(errorMessage(failed(404, { detail: 'Not found.' }), 'fb', { from: 'detail' })).toBe('Not found.');
    expect(
      errorMessage(failed(400, { status_message: 'IP is not listed.' }), 'fb', { from: 'statusMessage' }),
    ).toBe('IP is not listed.');
  });

  it('tries sources in order and falls back when none has a message', () => {
    const error = failed(400, { email: ['Enter a valid email address.'] });
    expect(errorMessage(error, 'fb', { from: ['nonFieldErrors', { field: 'email' }] })).toBe(
      'Enter a valid email address.',
    );
    expect(errorMessage(error, 'Something went wrong. Please try again.', { from: 'nonFieldErrors' })).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('returns the fallback when no source is asked for', () => {
    expect(errorMessage(loginFailure, 'Something went wrong when trying to create the domain.')).toBe(
      'Something went wrong when trying to create the domain.',
    );
  });

  it('uses "Something went wrong." as the default fallback', () => {
    expect(errorMessage(failed(500, 'Internal Server Error'), undefined, { from: 'detail' })).toBe(
      'Something went wrong.',
    );
  });

  it('never shows network errors, timeouts or cancels, only the fallback', () => {
    const network = new AxiosError('Network Error', 'ERR_NETWORK');
    const timeout = new AxiosError('timeout of 1000ms exceeded', 'ECONNABORTED');
    expect(errorMessage(network, 'fb', { from: 'allFields' })).toBe('fb');
    expect(errorMessage(timeout, 'fb', { from: 'allFields' })).toBe('fb');
    expect(errorMessage(new CanceledError(), 'fb', { from: 'allFields' })).toBe('fb');
    expect(errorMessage(new Error('boom'), 'fb', { from: 'allFields' })).toBe('fb');
    expect(errorBody(network)).toBeNull();
  });
});

describe('refusalMessage', () => {
  it("gives a 403's reason (a read-only organization) and nothing for other failures", () => {
    const reason = 'In order to use Systems Explore, please update your subscription.';
    expect(refusalMessage(failed(403, { detail: reason }))).toBe(reason);
    expect(refusalMessage(failed(403, {}))).toBeNull();
    expect(refusalMessage(failed(400, { detail: reason }))).toBeNull();
    expect(refusalMessage(new Error('network'))).toBeNull();
  });
});
