import { describe, expect, it } from 'vitest';
import { isSpfV1, parseSpfRecord } from './parser';

const parse = (text: string) => {
  const r = parseSpfRecord(text);
  if (!r.ok) throw new Error(r.error);
  return r.record;
};
const errorOf = (text: string) => {
  const r = parseSpfRecord(text);
  return r.ok ? null : r.error;
};

describe('parseSpfRecord', () => {
  it('builds the tree of mechanisms with qualifiers, cidrs and modifiers', () => {
    const rec = parse(
      'v=spf1 +a:example.com/24//64 mx ~ip4:192.0.2.0/24 ip6:2001:DB8::/32 include:_spf.example.net ' +
        'exists:%{i}.bl.example.org ?ptr -all redirect=other.example exp=why.%{d} x-note=%{d}',
    );
    expect(rec.mechanisms).toEqual([
      {
        qualifier: '+',
        name: 'a',
        text: '+a:example.com/24//64',
        domainSpec: 'example.com',
        cidr4: 24,
        cidr6: 64,
      },
      { qualifier: '+', name: 'mx', text: 'mx', domainSpec: undefined, cidr4: undefined, cidr6: undefined },
      { qualifier: '~', name: 'ip4', text: '~ip4:192.0.2.0/24', network: '192.0.2.0', cidr4: 24 },
      { qualifier: '+', name: 'ip6', text: 'ip6:2001:DB8::/32', network: '2001:DB8::', cidr6: 32 },
      { qualifier: '+', name: 'include', text: 'include:_spf.example.net', domainSpec: '_spf.example.net' },
      {
        qualifier: '+',
        name: 'exists',
        text: 'exists:%{i}.bl.example.org',
        domainSpec: '%{i}.bl.example.org',
      },
      { qualifier: '?', name: 'ptr', text: '?ptr' },
      { qualifier: '-', name: 'all', text: '-all' },
    ]);
    expect(rec.redirect).toBe('other.example');
    expect(rec.exp).toBe('why.%{d}');
    expect(rec.unknownModifiers).toEqual([{ name: 'x-note', value: '%{d}', text: 'x-note=%{d}' }]);
  });

  it('accepts an empty record, several spaces and a trailing space (§4.5, §4.6.1)', () => {
    expect(parse('v=spf1').mechanisms).toEqual([]);
    expect(parse('v=spf1 a  -all ').mechanisms.map((m) => m.text)).toEqual(['a', '-all']);
  });

  it('reads names case-insensitively', () => {
    const rec = parse('V=SPF1 A:Example.COM -ALL Redirect=x.example');
    expect(rec.mechanisms.map((m) => m.name)).toEqual(['a', 'all']);
    expect(rec.redirect).toBe('x.example');
  });

  it.each([
    ['v=spf1 ip4:1.2.3.4 -all moo', /unknown mechanism "moo"/],
    ['v=spf1 a:ctrl.example.com\rptr -all', /outside printable ASCII \(U\+000D\)/],
    ['v=spf1 a:caf\u00e9.example.com', /outside printable ASCII/],
    ['v=spf1 -all.', /unknown mechanism/],
    ['v=spf1 -all:foo', /takes no argument/],
    ['v=spf1 ptr/0', /no prefix length/],
    ['v=spf1 include', /needs ":domain"/],
    ['v=spf1 exists:', /empty domain-spec/],
    ['v=spf1 a/33', /\/33/],
    ['v=spf1 a//129', /\/129/],
    ['v=spf1 ip4:1.2.3.4/032', /\/032/],
    ['v=spf1 ip4:1.2.3', /not a valid IPv4/],
    ['v=spf1 ip4:01.2.3.4', /not a valid IPv4/],
    ['v=spf1 ip4:1.2.3.4//32', /needs ":address/],
    ['v=spf1 ip6::CAFE::BABE', /not a valid IPv6/],
    ['v=spf1 ip6:fe80::1%eth0', /not a valid IPv6/],
    ['v=spf1 a:111.222.33.44', /needs ip4:/],
    ['v=spf1 redirect:example.com', /unknown mechanism "redirect"/],
    ['v=spf1 1up=foo', /not a valid modifier/],
    ['v=spf1 =all', /not a valid modifier/],
    ['v=spf1 exp=a.example exp=b.example', /more than once/],
    ['v=spf1 redirect=a.example redirect=a.example', /more than once/],
    ['v=spf1 exp=', /empty domain-spec/],
    ['v=spf1 foo=%abc', /"%" must be followed/],
    ['v=spf1 exists:%{r}.example.com', /explanation text/],
    ['v=spf10 -all', /does not start/],
  ])('rejects %j', (text, message) => {
    expect(errorOf(text)).toMatch(message);
  });
});

describe('isSpfV1 (§4.5)', () => {
  it('needs "v=spf1" then a space or the end, in any case', () => {
    expect(isSpfV1('v=spf1')).toBe(true);
    expect(isSpfV1('V=SpF1 -all')).toBe(true);
    expect(isSpfV1('v=spf10 -all')).toBe(false);
    expect(isSpfV1('v=spf1mx')).toBe(false);
    expect(isSpfV1(' v=spf1 -all')).toBe(false);
  });
});
