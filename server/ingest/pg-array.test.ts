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

  it('writes integers unquoted', () => {
    expect(intArray([1, -2, 30])).toBe('{1,-2,30}');
    expect(intArray([])).toBe('{}');
  });
});
