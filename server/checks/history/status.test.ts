import { describe, expect, it } from 'vitest';
import { bySeverity, statusOf } from './status';

describe('statusOf', () => {
  it('is fail with any error, warning with any warning, pass otherwise', () => {
    expect(statusOf([{ severity: 'info' }, { severity: 'error' }, { severity: 'warning' }])).toBe('fail');
    expect(statusOf([{ severity: 'info' }, { severity: 'warning' }])).toBe('warning');
    expect(statusOf([{ severity: 'info' }])).toBe('pass');
    expect(statusOf([])).toBe('pass');
  });

  it('orders most serious first and keeps the order within a severity', () => {
    const list = [
      { code: 'a', severity: 'info' },
      { code: 'b', severity: 'warning' },
      { code: 'c', severity: 'error' },
      { code: 'd', severity: 'warning' },
    ];
    expect(bySeverity(list).map((w) => w.code)).toEqual(['c', 'b', 'd', 'a']);
  });
});
