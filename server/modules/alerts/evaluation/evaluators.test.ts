import { describe, expect, it } from 'vitest';
import {
  blocklistFindings,
  checkFindings,
  dmarcWeakened,
  dnsChanges,
  failureRate,
  volumeChange,
} from './evaluators';
import { step } from './state';

// The pure halves: the verdicts of the conditions and the state machine both live evaluation and the
// backtest step through.

const sums = (day: string, messages: number, dmarc_fail: number) => ({
  subject: 'a.example',
  day,
  messages,
  dmarc_fail,
  spf_unaligned: 0,
  spf_fail: 0,
  dkim_unaligned: 0,
  dkim_fail: 0,
});

describe('alert evaluators', () => {
  it('sums the failure rate over the time frame ending on the day, guarded by the minimum volume', () => {
    const rows = [sums('2026-01-01', 100, 50), sums('2026-01-02', 100, 0), sums('2026-01-03', 100, 0)];
    const p = { threshold_percent: 20, min_messages: 150 };
    expect(failureRate('dmarc', rows, '2026-01-03', 1, p).get('a.example')).toBeNull();
    expect(failureRate('dmarc', rows, '2026-01-03', 3, p).get('a.example')).toBeNull();
    expect(failureRate('dmarc', rows, '2026-01-02', 2, p).get('a.example')).toMatchObject({ rate: 25 });
  });

  it('compares a day with the median of its baseline, zeros included', () => {
    const rows = ['2026-01-01', '2026-01-02', '2026-01-03'].map((d) => sums(d, 10, 0));
    const p = { factor: 3, baseline_days: 5, direction: 'both', min_messages: 1 };
    // Baseline 10, 10, 10, 0, 0: median 10.
    expect(
      volumeChange([...rows, sums('2026-01-04', 30, 0)], ['a.example'], '2026-01-04', p).get('a.example'),
    ).toMatchObject({ direction: 'spike', baseline_median: 10 });
    expect(volumeChange(rows, ['a.example'], '2026-01-04', p).get('a.example')).toMatchObject({
      direction: 'drop',
    });
    // A day still filling with reports is no drop.
    expect(volumeChange(rows, ['a.example'], '2026-01-04', p, false).get('a.example')).toBeNull();
  });

  it('ranks DMARC policies (RFC 7489 section 6.3) and pct', () => {
    expect(dmarcWeakened('v=DMARC1; p=reject', 'v=DMARC1; p=quarantine')).toBe(true);
    expect(dmarcWeakened('v=DMARC1; p=quarantine', 'v=DMARC1; p=reject')).toBe(false);
    expect(dmarcWeakened('v=DMARC1; p=reject; pct=100', 'v=DMARC1; p=reject; pct=50')).toBe(true);
    expect(dmarcWeakened('v=DMARC1; p=none', '')).toBe(true);
  });

  it('sees a change against the set before the day, and no change in a first appearance', () => {
    const rows = [
      { domain: 'a.example', type: 'spf', at: '2026-01-01T10:00:00.000', content: 'v=spf1 -all' },
      { domain: 'a.example', type: 'spf', at: '2026-01-03T10:00:00.000', content: 'v=spf1 mx -all' },
      { domain: 'a.example', type: 'ns', at: '2026-01-03T10:00:00.000', content: 'ns1.a.example' },
    ];
    const v = dnsChanges(rows, '2026-01-03', { records: 'all', policy_weakened_only: false });
    expect([...v.keys()]).toEqual(['a.example · spf']);
    expect(v.get('a.example · spf')).toMatchObject({ old: 'v=spf1 -all', new: 'v=spf1 mx -all' });
  });
});

describe('alert state machine', () => {
  const hit = { rate: 50 };
  it('fires once, stays quiet while firing, recovers once', () => {
    const fired = step(undefined, hit, '2026-01-02', 'state')!;
    expect(fired.transition?.kind).toBe('firing');
    expect(step(fired.next, hit, '2026-01-03', 'state')).toBeNull();
    const recovered = step(fired.next, null, '2026-01-03', 'state')!;
    expect(recovered.transition?.kind).toBe('recovery');
    expect(step(recovered.next, null, '2026-01-04', 'state')).toBeNull();
  });

  it('does not end a firing with a clear day older than it (a late report)', () => {
    const fired = step(undefined, hit, '2026-01-05', 'state')!;
    expect(step(fired.next, null, '2026-01-01', 'state')).toBeNull();
    // Fired on the 2nd, recovered on the 3rd: the 2nd judged again (a job run twice) does not fire again;
    // a late report for the 1st, which never fired, does.
    const resolved = { state: 'resolved' as const, day: '2026-01-03' };
    const firedOn = (day: string) => day === '2026-01-02';
    expect(step(resolved, hit, '2026-01-02', 'state', firedOn)).toBeNull();
    expect(step(resolved, hit, '2026-01-01', 'state', firedOn)?.transition?.kind).toBe('firing');
    expect(step(resolved, hit, '2026-01-03', 'state', () => true)?.transition?.kind).toBe('firing');
  });

  it('fires an event once per subject and day, never for an older day', () => {
    const first = step(undefined, hit, '2026-01-05', 'event')!;
    expect(first.transition?.kind).toBe('firing');
    expect(step(first.next, hit, '2026-01-05', 'event')).toBeNull();
    expect(step(first.next, hit, '2026-01-04', 'event')).toBeNull();
    expect(step(first.next, hit, '2026-01-06', 'event')?.transition?.kind).toBe('firing');
  });

  it('judges the stored check results on the day of the check only', () => {
    const at = '2026-01-05T03:00:00.000Z';
    const row = (domain: string, system: string, result: unknown, checked_at = at) => ({
      domain,
      system,
      checked_at,
      result,
    });
    const dnssec = [
      row('bogus.example', 'dnssec', { status: 'bogus' }),
      row('secure.example', 'dnssec', { status: 'secure' }),
      row('unknown.example', 'dnssec', { status: 'indeterminate' }),
      row('old.example', 'dnssec', { status: 'bogus' }, '2026-01-04T23:00:00.000Z'),
      row('failed.example', 'dnssec', null),
    ];
    expect([...checkFindings('dnssec_bogus', dnssec, '2026-01-05', {})]).toEqual([
      ['bogus.example', { status: 'bogus', checked_at: at }],
      ['secure.example', null],
    ]);
    const spf = [row('a.example', 'spf', { dns_lookups: 10 }), row('b.example', 'spf', { dns_lookups: 11 })];
    expect([...checkFindings('spf_lookups', spf, '2026-01-05', { max_lookups: 10 })]).toEqual([
      ['a.example', null],
      ['b.example', { lookups: 11, limit: 10, checked_at: at }],
    ]);
    const sts = (expires: string | null) =>
      row('c.example', 'mta-sts', { policy: { certificate_expires: expires } });
    const within = (expires: string | null, days: number) =>
      checkFindings('mta_sts_certificate', [sts(expires)], '2026-01-05', { days }).get('c.example');
    expect(within('2026-01-20T03:00:00.000Z', 14)).toBeNull();
    expect(within('2026-01-18T03:00:00.000Z', 14)).toEqual({
      expires: '2026-01-18T03:00:00.000Z',
      days_left: 13,
      checked_at: at,
    });
    expect(within('2026-01-01T00:00:00.000Z', 1)).toMatchObject({ days_left: -5 });
    expect(within(null, 14)).toBeUndefined();
  });

  it('fires on enough blocklists or a negative reputation, and leaves unsure IPs unjudged', () => {
    const ip = (listed_on: string[], rest: Partial<Parameters<typeof blocklistFindings>[0][0]> = {}) => ({
      ip: '192.0.2.10',
      listed_on,
      failed: 0,
      reputation_level: null,
      reputation: null,
      reputation_failed: false,
      ...rest,
    });
    const p = { top_sources: 20, min_listings: 2, reputation_drop: true };
    const one = (row: ReturnType<typeof ip>, params = p) =>
      blocklistFindings([row], params).get('192.0.2.10');
    expect(one(ip(['zen.test', 'cop.test']))).toEqual({ blocklists: 'zen.test, cop.test', listings: 2 });
    expect(one(ip(['zen.test']))).toBeNull();
    // One list timed out: it could be the second listing, so the IP is not judged (no recovery on a timeout).
    expect(one(ip(['zen.test'], { failed: 1 }))).toBeUndefined();
    expect(one(ip([], { reputation_level: -4, reputation: 'L4' }))).toEqual({
      blocklists: '(none)',
      listings: 0,
      reputation: 'L4',
    });
    expect(
      one(ip([], { reputation_level: -4, reputation: 'L4' }), { ...p, reputation_drop: false }),
    ).toBeNull();
    expect(one(ip([], { reputation_level: 3, reputation: 'H3' }))).toBeNull();
    expect(one(ip([], { reputation_failed: true }))).toBeUndefined();
    expect(one(ip([], { reputation_failed: true }), { ...p, reputation_drop: false })).toBeNull();
  });
});
