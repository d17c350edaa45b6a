import pg from 'pg';
import { intArray, textArray } from './pg-array';

// The driver's own serialiser, untyped in @types/pg.
const { prepareValue } = (pg as unknown as { utils: { prepareValue: (v: unknown) => unknown } }).utils;

describe('array literals', () => {
  it('writes what the pg driver writes for text, including quotes, backslashes and nulls', () => {
    const values = [
      'plain',
      '',
      'a"b',
      'back\\slash',
      '{braces},comma',
      ' spaced ',
      'NULL',
      null,
      'é ✓',
      '\\"',
    ];
    expect(textArray(values)).toBe(prepareValue(values));
    expect(textArray([])).toBe('{}');
  });

  it('writes the same without nulls, with and without characters JSON would escape', () => {
    const plain = [
      '192.0.2.1',
      '',
      'NULL',
      ' spaced ',
      '{braces},comma',
      'é ✓ 😀',
      '\u2028\u2029',
      'del\u007f',
    ];
    const awkward = ['a"b', 'back\\slash', 'tab\t', 'new\nline', 'nul\u0000', 'lone \ud800', 'low \udc00'];
    expect(textArray(plain)).toBe(prepareValue(plain));
    for (const odd of awkward) {
      const values = [...plain, odd];
      expect(textArray(values), JSON.stringify(odd)).toBe(prepareValue(values));
    }
    expect(textArray(['only'])).toBe('{"only"}');
  });

  it('writes integers unquoted', () => {
    expect(intArray([1, -2, 30])).toBe('{1,-2,30}');
    expect(intArray([])).toBe('{}');
  });
});
