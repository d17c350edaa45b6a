import type { DkimAuthResult, SpfAuthResult } from '../dmarc/types';
import { authElements, dkimCapWarning, dkimElement, spfElement } from './auth-json';
import { toJson } from './clean';

// The one-pass writer must give exactly the text of the generic path: JSON.stringify (NULs dropped by
// toJson); lone surrogates become U+FFFD (jsonb refuses their escape).
const wf = (s: string | null) =>
  s === null
    ? null
    : s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
const dkimJson = (list: DkimAuthResult[]) =>
  toJson(
    list.map((d) => ({
      domain: wf(d.domain),
      selector: wf(d.selector),
      result: d.result,
      human_result: wf(d.humanResult),
    })),
  );
const spfJson = (list: SpfAuthResult[]) =>
  toJson(
    list.map((a) => ({
      domain: wf(a.domain),
      scope: a.scope,
      result: a.result,
      human_result: wf(a.humanResult),
    })),
  );

const awkward = [
  'example.com',
  'quo"te.example',
  'back\\slash',
  'nul\u0000byte',
  'tab\tnew\nline\r',
  '\\u0000 literal',
  'ünïcode.example',
  'lone \ud800 surrogate',
  'low \udc00 first \ud83d\ude00 pair',
  'emoji 😀',
  '',
  '\u2028\u2029',
  '\\"',
];

describe('auth results as JSON texts', () => {
  it('writes DKIM lists exactly as toJson would', () => {
    const lists: DkimAuthResult[][] = [
      [],
      [{ domain: 'a.example', selector: 's1', result: 'pass', humanResult: null }],
      awkward.map((s, i) => ({
        domain: s,
        selector: i % 2 ? null : s,
        result: 'fail',
        humanResult: i % 3 ? s : null,
      })),
    ];
    expect(lists.map((l) => dkimElement(l, 1000))).toEqual(lists.map(dkimJson));
  });

  it('writes SPF lists exactly as toJson would', () => {
    const lists: SpfAuthResult[][] = [
      [],
      awkward.map((s, i) => ({
        domain: s,
        scope: i % 2 ? null : 'mfrom',
        result: 'softfail',
        humanResult: s,
      })),
    ];
    expect(lists.map(spfElement)).toEqual(lists.map(spfJson));
  });

  it('keeps at most the given number of DKIM results', () => {
    const list = [1, 2, 3].map((n) => ({
      domain: `d${n}`,
      selector: null,
      result: 'pass' as const,
      humanResult: null,
    }));
    expect(dkimElement(list, 2)).toBe(dkimJson(list.slice(0, 2)));
  });
});

describe('auth results through the memo of a statement', () => {
  const dkim = (
    domain: string,
    selector: string | null,
    result: DkimAuthResult['result'],
    human: string | null,
  ) => ({
    domain,
    selector,
    result,
    humanResult: human,
  });
  const spf = (
    domain: string,
    scope: SpfAuthResult['scope'],
    result: SpfAuthResult['result'],
    human: string | null,
  ) => ({
    domain,
    scope,
    result,
    humanResult: human,
  });

  it('writes what the builders write, for repeated, near-repeated and awkward results', () => {
    const d = [
      dkim('a.example', 's1', 'pass', null),
      dkim('a.example', 's1', 'fail', null),
      dkim('a.example', 's2', 'pass', null),
      dkim('a.example', null, 'pass', null),
      dkim('a.example', 's1', 'pass', 'human'),
      dkim('b.example', 's1', 'pass', null),
      ...awkward.map((s) => dkim(s, s, 'neutral', s)),
    ];
    const s = [
      spf('a.example', 'mfrom', 'pass', null),
      spf('a.example', 'helo', 'pass', null),
      spf('a.example', null, 'pass', null),
      spf('a.example', 'mfrom', 'softfail', null),
      spf('a.example', 'mfrom', 'pass', 'x'),
      ...awkward.map((t) => spf(t, 'mfrom', 'fail', t)),
    ];
    // Each result alone (twice: found again), in pairs, in copies (equal, not the same objects), none.
    const dkimLists = [
      ...d.map((x) => [x]),
      ...d.map((x) => [x]),
      d.slice(0, 2),
      d.slice(3, 6),
      [],
      [{ ...d[0] }],
    ];
    const spfLists = [...s.map((x) => [x]), ...s.map((x) => [x]), s.slice(0, 3), [], [{ ...s[1] }, s[0]]];
    const memo = authElements(2);
    expect(dkimLists.map((l) => memo.dkim(l))).toEqual(dkimLists.map((l) => dkimElement(l, 2)));
    expect(spfLists.map((l) => memo.spf(l))).toEqual(spfLists.map(spfElement));
    expect(dkimLists.map((l) => memo.dkim(l))).toEqual(dkimLists.map((l) => dkimJson(l.slice(0, 2))));
    expect(spfLists.map((l) => memo.spf(l))).toEqual(spfLists.map(spfJson));
  });

  it('stays right past what it keeps: many selectors of a domain, many domains', () => {
    const many = [
      ...Array.from({ length: 40 }, (_, i) => dkim('one.example', `s${i}`, 'pass', null)),
      ...Array.from({ length: 12_000 }, (_, i) => dkim(`d${i % 3000}.example`, `s${i}`, 'pass', null)),
    ];
    const memo = authElements(10);
    for (const round of [1, 2])
      for (const x of many) expect(memo.dkim([x]), `round ${round}`).toBe(dkimElement([x], 10));
  });
});

describe('the DKIM results cap', () => {
  it('warns, with a count, when a record has more DKIM results than a record keeps', () => {
    const rec = (n: number) => ({ authResults: { dkim: Array.from({ length: n }, () => ({})) } });
    expect(dkimCapWarning([rec(2), rec(1)], 2)).toBeNull();
    expect(dkimCapWarning([rec(3), rec(1), rec(5)], 2)).toBe(
      '2 record(s) had more than 2 DKIM results; only the first 2 were kept',
    );
  });
});
