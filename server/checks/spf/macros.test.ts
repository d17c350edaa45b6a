import { describe, expect, it } from 'vitest';
import { parseClientIp } from './clientIp';
import { MacroSyntaxError, parseDomainSpec, tokenizeMacroString } from './macroString';
import { expandMacroTokens, toQueryName, transform, urlEscape, type MacroValues } from './macros';

function values(ip: string): MacroValues {
  const client = parseClientIp(ip);
  if (!client) throw new Error('bad ip');
  const map: Record<string, string> = {
    s: 'strong-bad@email.example.com',
    l: 'strong-bad',
    o: 'email.example.com',
    d: 'email.example.com',
    i: client.dotted,
    v: client.version,
    h: 'mx.example.org',
    c: client.readable,
    r: 'receiver.example.net',
    t: '1700000000',
  };
  return { get: (l) => map[l], validatedName: async () => 'mail.email.example.com' };
}

const expand = (s: string, ip = '192.0.2.3', explanation = false) =>
  expandMacroTokens(tokenizeMacroString(s, { explanation }), values(ip));

describe('macro expansion: the examples of RFC 7208 §7.4', () => {
  const cases: [string, string][] = [
    ['%{s}', 'strong-bad@email.example.com'],
    ['%{o}', 'email.example.com'],
    ['%{d}', 'email.example.com'],
    ['%{d4}', 'email.example.com'],
    ['%{d3}', 'email.example.com'],
    ['%{d2}', 'example.com'],
    ['%{d1}', 'com'],
    ['%{dr}', 'com.example.email'],
    ['%{d2r}', 'example.email'],
    ['%{l}', 'strong-bad'],
    ['%{l-}', 'strong.bad'],
    ['%{lr}', 'strong-bad'],
    ['%{lr-}', 'bad.strong'],
    ['%{l1r-}', 'strong'],
    ['%{ir}.%{v}._spf.%{d2}', '3.2.0.192.in-addr._spf.example.com'],
    ['%{lr-}.lp._spf.%{d2}', 'bad.strong.lp._spf.example.com'],
    ['%{lr-}.lp.%{ir}.%{v}._spf.%{d2}', 'bad.strong.lp.3.2.0.192.in-addr._spf.example.com'],
    ['%{ir}.%{v}.%{l1r-}.lp._spf.%{d2}', '3.2.0.192.in-addr.strong.lp._spf.example.com'],
    ['%{d2}.trusted-domains.example.net', 'example.com.trusted-domains.example.net'],
  ];
  it.each(cases)('%s → %s', async (macro, expected) => {
    expect(await expand(macro)).toBe(expected);
  });

  it('expands %{i} of an IPv6 address to dotted nibbles', async () => {
    expect(await expand('%{ir}.%{v}._spf.%{d2}', '2001:db8::cb01')).toBe(
      '1.0.b.c.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6._spf.example.com',
    );
    expect(await expand('%{c}', '2001:DB8::CB01', true)).toBe('2001:db8::cb01');
  });
});

describe('macro rules', () => {
  it('expands %%, %_ and %- (§7.1)', async () => {
    expect(await expand('a%%b%_c%-d')).toBe('a%b c%20d');
  });

  it('URL-escapes upper-case macros after transformation (§7.3)', async () => {
    expect(urlEscape('~jack&jill=up-a_b3.c')).toBe('~jack%26jill%3Dup-a_b3.c');
    expect(await expand('%{L}')).toBe('strong-bad');
    expect(await expand('%{S}')).toBe('strong-bad%40email.example.com');
  });

  it('splits on several delimiters and rejoins with dots', () => {
    expect(transform('foo-bar+zip+quux', '+-', true, 2)).toBe('bar.foo');
    expect(transform('a.b.c', '.', false, 5)).toBe('a.b.c');
  });

  it('expands p lazily and the explanation-only letters c, r, t', async () => {
    expect(await expand('%{p}')).toBe('mail.email.example.com');
    expect(await expand('%{c} %{r} %{t}', '192.0.2.3', true)).toBe(
      '192.0.2.3 receiver.example.net 1700000000',
    );
  });

  it('rejects c, r and t outside explanation text, unknown letters, stray % and zero digits', () => {
    expect(() => tokenizeMacroString('%{c}')).toThrow(/explanation/);
    expect(() => tokenizeMacroString('%{a}')).toThrow(MacroSyntaxError);
    expect(() => tokenizeMacroString('foo%(ir)')).toThrow(MacroSyntaxError);
    expect(() => tokenizeMacroString('foo%')).toThrow(MacroSyntaxError);
    expect(() => tokenizeMacroString('%{d0}')).toThrow(/zero/);
    expect(() => tokenizeMacroString('%{d2;}')).toThrow(/delimiter/);
    expect(() => tokenizeMacroString('%{d')).toThrow(/unterminated/);
    expect(() => tokenizeMacroString('a b')).toThrow(/U\+0020/);
    expect(tokenizeMacroString('a b', { explanation: true })).toEqual([{ kind: 'literal', text: 'a b' }]);
  });
});

describe('domain-spec syntax (§7.1 domain-end)', () => {
  it.each([
    'example.com',
    'example.com.',
    'foo.example.xn--zckzah',
    '%{d}',
    '%{ir}.bl.%{d2}',
    'x.%{d}',
    'a:b/c.example.com',
  ])('accepts %s', (spec) => expect(() => parseDomainSpec(spec)).not.toThrow());
  it.each([
    '',
    'museum',
    'museum.',
    'abc.123',
    'example.-com',
    'example.com:8080',
    '%{d}com',
    '-all',
    'x.example.com/24',
  ])('rejects "%s"', (spec) => expect(() => parseDomainSpec(spec)).toThrow(MacroSyntaxError));
});

describe('toQueryName', () => {
  it('drops one trailing dot and truncates over-long names from the left by labels (§7.3)', () => {
    expect(toQueryName('example.com.')).toBe('example.com');
    const long = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.example.com`;
    const out = toQueryName(long);
    expect(out.length).toBeLessThanOrEqual(253);
    expect(out).toBe(`${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.example.com`);
  });
});
