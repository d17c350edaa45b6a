import { isSecretKey, sanitize } from './sanitize';

describe('sanitize', () => {
  it('redacts secret-bearing fields at any depth and keeps the rest', () => {
    expect(
      sanitize({
        username: 'ann',
        password: 'p',
        code: '123456',
        recovery_code: 'abcde-fghij',
        refresh: 'r',
        nested: { new_password: 'x', token: 't', layout_theme: 'carrierTheme' },
        list: [{ secret: 's', name: 'n' }],
      }),
    ).toEqual({
      username: 'ann',
      password: '[redacted]',
      code: '[redacted]',
      recovery_code: '[redacted]',
      refresh: '[redacted]',
      nested: { new_password: '[redacted]', token: '[redacted]', layout_theme: 'carrierTheme' },
      list: [{ secret: '[redacted]', name: 'n' }],
    });
  });

  it('keeps keys that only contain a secret word: results, counts and codes of countries', () => {
    const kept = {
      count_unaligned_pass: 3,
      country_code: 'PT',
      dmarc_passed: 10,
      dkim_passed: 9,
      spf_pass: 1,
      passed_percentage: 50,
      failure_reason_code: 'x',
      rcode: 'NOERROR',
      has_webhook_secret: true,
      key_type: 'ksk',
      tokenType: 'access',
      author: 'ann',
      authentication_results: 'pass',
      passes: [{ pass: true, country_code: 'BR' }],
    };
    expect(sanitize(kept)).toEqual(kept);
  });

  it('hides every secret key whatever its case or separators, nested in objects and arrays', () => {
    const keys = [
      'password',
      'Password',
      'current_password',
      'currentPassword',
      'new_password',
      'new-password',
      'confirm_password',
      'new_password1',
      'token',
      'access',
      'refresh',
      'refresh_token',
      'refreshToken',
      'access_token',
      'code',
      'CODE',
      'otp',
      'recovery_code',
      'recovery_codes',
      'secret',
      'client_secret',
      'clientSecret',
      'webhook_secret',
      'api_key',
      'apiKey',
      'private_key',
      'authorization',
      'Authorization',
      'cookie',
      'password_hash',
      'totp_secret_enc',
    ];
    for (const key of keys) {
      expect(isSecretKey(key), key).toBe(true);
      const body = { outer: [{ inner: { [key]: 'hunter2' } }], [key]: { deep: 'hunter2' } };
      expect(JSON.stringify(sanitize(body)), key).not.toContain('hunter2');
    }
  });

  it('shortens very long strings', () => {
    expect(String(sanitize('x'.repeat(5000))).length).toBeLessThan(2100);
  });
});
