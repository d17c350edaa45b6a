import { decideRefresh } from './refresh-rules';

const now = new Date('2026-01-10T12:00:00Z');
const later = new Date('2026-01-17T12:00:00Z');
const earlier = new Date('2026-01-09T12:00:00Z');

describe('decideRefresh', () => {
  it('rotates a live, unused token', () => {
    expect(decideRefresh({ expires_at: later, used_at: null, revoked_at: null }, now)).toBe('rotate');
  });

  it('calls a second use of a token reuse (the family gets revoked)', () => {
    expect(decideRefresh({ expires_at: later, used_at: earlier, revoked_at: null }, now)).toBe('reuse');
  });

  it('refuses revoked, expired and unknown tokens', () => {
    expect(decideRefresh({ expires_at: later, used_at: null, revoked_at: earlier }, now)).toBe('revoked');
    expect(decideRefresh({ expires_at: later, used_at: earlier, revoked_at: earlier }, now)).toBe('revoked');
    expect(decideRefresh({ expires_at: earlier, used_at: null, revoked_at: null }, now)).toBe('expired');
    expect(decideRefresh({ expires_at: now, used_at: null, revoked_at: null }, now)).toBe('expired');
    expect(decideRefresh(undefined, now)).toBe('unknown');
  });
});
