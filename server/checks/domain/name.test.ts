import { describe, expect, it } from 'vitest';
import { normalizeDomain } from './name';

describe('normalizeDomain', () => {
  it('lower-cases, trims and drops the trailing dot', () => {
    expect(normalizeDomain('  Example.COM. ')).toEqual({ ok: true, domain: 'example.com' });
  });

  it('turns an internationalized name into punycode', () => {
    expect(normalizeDomain('Bücher.de')).toEqual({ ok: true, domain: 'xn--bcher-kva.de' });
    expect(normalizeDomain('例え.テスト')).toEqual({ ok: true, domain: 'xn--r8jz45g.xn--zckzah' });
  });

  it('takes the host of a pasted URL', () => {
    expect(normalizeDomain('https://www.example.org/path')).toEqual({ ok: true, domain: 'www.example.org' });
  });

  it.each([
    '',
    'localhost',
    'exa mple.com',
    '-bad.com',
    'bad-.com',
    'a..com',
    '192.0.2.1',
    'user@example.com',
    `${'a'.repeat(64)}.com`,
    'under_score.com',
  ])('rejects %j', (input) => {
    expect(normalizeDomain(input)).toEqual({ ok: false, error: 'domain_invalid' });
  });
});
