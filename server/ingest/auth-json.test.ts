import type { DkimAuthResult, SpfAuthResult } from '../dmarc/types';
import { dkimCapWarning, dkimElement, rawArray, spfElement } from './auth-json';
import { toJson } from './clean';
import { textArray } from './pg-array';

// The one-pass writer must give exactly the text of the generic path: JSON.stringify (NULs dropped by
// toJson) and then the array literal's quoting; lone surrogates become U+FFFD (jsonb refuses their escape).
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

describe('auth results as array literal elements', () => {
  it('writes DKIM lists exactly as textArray(toJson(...)) would', () => {
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
    const expected = textArray(lists.map(dkimJson));
    expect(rawArray(lists.map((l) => dkimElement(l, 1000)))).toBe(expected);
  });

  it('writes SPF lists exactly as textArray(toJson(...)) would', () => {
    const lists: SpfAuthResult[][] = [
      [],
      awkward.map((s, i) => ({
        domain: s,
        scope: i % 2 ? null : 'mfrom',
        result: 'softfail',
        humanResult: s,
      })),
    ];
    expect(rawArray(lists.map(spfElement))).toBe(textArray(lists.map(spfJson)));
  });

  it('keeps at most the given number of DKIM results', () => {
    const list = [1, 2, 3].map((n) => ({
      domain: `d${n}`,
      selector: null,
      result: 'pass' as const,
      humanResult: null,
    }));
    expect(dkimElement(list, 2)).toBe(textArray([dkimJson(list.slice(0, 2))]).slice(1, -1));
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
