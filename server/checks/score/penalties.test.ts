import { describe, expect, it } from 'vitest';
import { scoreByPenalties } from './penalties';
import { sortWarnings, warn } from './warning';

describe('scoreByPenalties', () => {
  const rubric = { penalties: { a: 30, b: 10 }, maxTimes: { b: 2 } };

  it('subtracts each code once unless it may repeat, and clamps at 0', () => {
    expect(scoreByPenalties([warn('a', 'error', ''), warn('a', 'error', '')], rubric)).toBe(70);
    const bs = [1, 2, 3].map(() => warn('b', 'warning', ''));
    expect(scoreByPenalties(bs, rubric)).toBe(80);
    expect(scoreByPenalties([warn('a', 'error', ''), warn('x', 'info', '')], rubric, 20)).toBe(0);
  });

  it('orders warnings by severity and keeps arrival order within one', () => {
    const list = [
      warn('i', 'info', ''),
      warn('w1', 'warning', ''),
      warn('e', 'error', ''),
      warn('w2', 'warning', ''),
    ];
    expect(sortWarnings(list).map((w) => w.code)).toEqual(['e', 'w1', 'w2', 'i']);
  });
});
