import { MemoryBudget } from './memory-budget';

describe('memory budget', () => {
  it('lets leases take bytes up to the total, answers busy beyond it and too-big past it alone', () => {
    const budget = new MemoryBudget(100);
    const a = budget.lease();
    const b = budget.lease();
    expect(a.take(60)).toBe('ok');
    expect(b.take(30)).toBe('ok');
    expect(b.take(20)).toBe('busy');
    expect(b.bytes).toBe(30);
    expect(a.take(50)).toBe('too-big');
    a.releaseTo();
    expect(budget.inUse).toBe(30);
    expect(b.take(20)).toBe('ok');
    b.releaseTo(30);
    expect(budget.inUse).toBe(30);
    b.releaseTo();
    b.releaseTo();
    expect(budget.inUse).toBe(0);
  });
});
