import { sanitize } from './sanitize';

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

  it('shortens very long strings', () => {
    expect(String(sanitize('x'.repeat(5000))).length).toBeLessThan(2100);
  });
});
