import { describe, expect, it } from 'vitest';
import { scoreSpf } from './score';
import { warning, type SpfWarningCode } from './warnings';

const w = (...codes: SpfWarningCode[]) => codes.map((c) => warning(c, 'example.com', c));

describe('scoreSpf rubric', () => {
  it('is 0 without a record and 10 for a record receivers cannot use', () => {
    expect(scoreSpf(false, w('no_record'))).toBe(0);
    expect(scoreSpf(true, w('syntax_error'))).toBe(10);
    expect(scoreSpf(true, w('too_many_lookups', 'plus_all'))).toBe(10);
    expect(scoreSpf(true, w('loop'))).toBe(10);
  });

  it('subtracts each penalty once, void lookups up to twice', () => {
    expect(scoreSpf(true, [])).toBe(100);
    expect(scoreSpf(true, w('plus_all'))).toBe(40);
    expect(scoreSpf(true, w('neutral_all', 'ptr_used'))).toBe(60);
    expect(scoreSpf(true, w('ptr_used', 'ptr_used'))).toBe(90);
    expect(scoreSpf(true, w('void_lookup', 'void_lookup', 'void_lookup'))).toBe(90);
    expect(scoreSpf(true, w('macro_not_analysed', 'redirect_ignored', 'tree_truncated'))).toBe(100);
  });

  it('never goes below 0', () => {
    expect(scoreSpf(true, w('plus_all', 'neutral_all', 'no_all', 'ptr_used', 'dns_error'))).toBe(0);
  });
});
