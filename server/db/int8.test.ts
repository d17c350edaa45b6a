import { dbTypes, parseInt8 } from './int8';

// int8 (bigint ids, counts) reaches JavaScript as a number while it is exact, and fails past 2^53 - 1.

describe('int8 as numbers', () => {
  it('reads int8 text as a number, up to the largest exact integer', () => {
    expect(parseInt8('0')).toBe(0);
    expect(parseInt8('3000000001')).toBe(3_000_000_001);
    expect(parseInt8('-42')).toBe(-42);
    expect(parseInt8('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses a value a double cannot hold exactly', () => {
    expect(() => parseInt8('9007199254740992')).toThrow(RangeError);
    expect(() => parseInt8('-9223372036854775808')).toThrow(/beyond JavaScript's exact integers/);
  });

  it('parses int8 and int8[] with it and leaves the other types to pg', () => {
    expect(dbTypes.getTypeParser(20, 'text')('7')).toBe(7);
    const array = dbTypes.getTypeParser(1016, 'text') as (s: string) => unknown;
    expect(array('{1,NULL,3000000001}')).toEqual([1, null, 3_000_000_001]);
    expect(array('{{1,2},{3,4}}')).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(() => array('{1,9007199254740993}')).toThrow(RangeError);
    expect(dbTypes.getTypeParser(23, 'text')('5')).toBe(5);
    expect(dbTypes.getTypeParser(1700, 'text')('1.50')).toBe('1.50');
  });
});
