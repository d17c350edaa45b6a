import { describe, expect, it } from 'vitest';
import { serverT } from './i18n';

describe('serverT', () => {
  it('reads locales/ in the language asked for', () => {
    expect(serverT('en', 'mail')('heldSummary.count', { count: 3 })).toBe('Messages held: 3');
    expect(serverT('pt', 'mail')('heldSummary.count', { count: 3 })).not.toBe('Messages held: 3');
  });
});
