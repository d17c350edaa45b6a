import type { AggregateRecord, DkimResult, DmarcVerdict, SpfResult } from '../dmarc/types';
import { addPending, emptyPending } from './flush';
import { rollupKey, rollupRows } from './rollups';

const rec = (
  ip: string,
  count: number,
  opts: { dkim?: DmarcVerdict; spf?: DmarcVerdict; dkimAuth?: DkimResult; spfAuth?: SpfResult } = {},
): AggregateRecord => ({
  sourceIp: ip,
  count,
  policyEvaluated: { disposition: 'none', dkim: opts.dkim ?? 'pass', spf: opts.spf ?? 'fail', reasons: [] },
  identifiers: { headerFrom: 'example.com', envelopeFrom: null, envelopeTo: null },
  authResults: {
    dkim: [{ domain: 'example.com', selector: 's1', result: opts.dkimAuth ?? 'pass', humanResult: null }],
    spf: [{ domain: 'example.com', scope: 'mfrom', result: opts.spfAuth ?? 'fail', humanResult: null }],
  },
});

const base = { day: '2026-11-01', organizationId: 7, domain: 'example.com' };

describe('rollup rows of a report', () => {
  it('merges records with the same IP and results, and keeps different results apart', () => {
    const rows = rollupRows(
      [rec('192.0.2.1', 3), rec('192.0.2.1', 4), rec('192.0.2.1', 5, { dkim: 'fail', dkimAuth: 'fail' })],
      base,
    );
    const list = [...rows.values()].sort((a, b) => a.messages - b.messages);
    expect(list.map((r) => [r.messages, r.records, r.dkim_aligned, r.dkim_auth, r.dmarc_pass])).toEqual([
      [5, 1, false, false, false],
      [7, 2, true, true, true],
    ]);
    for (const [key, row] of rows) expect(key).toBe(rollupKey(row));
  });

  it('separates auth results that passed unaligned from failed ones, and strips NUL from the IP', () => {
    const rows = rollupRows(
      [rec('192.0.2.9\u0000', 1, { spfAuth: 'pass' }), rec('192.0.2.9', 1, { spfAuth: 'fail' })],
      base,
    );
    expect([...rows.values()].map((r) => [r.source_ip, r.spf_auth, r.spf_aligned])).toEqual([
      ['192.0.2.9', true, false],
      ['192.0.2.9', false, false],
    ]);
  });

  it('adds the rows of several reports of a batch by key', () => {
    const pending = emptyPending();
    addPending(pending, ['192.0.2.1'], rollupRows([rec('192.0.2.1', 2)], base));
    addPending(pending, ['192.0.2.1'], rollupRows([rec('192.0.2.1', 3)], base));
    addPending(pending, ['192.0.2.2'], rollupRows([rec('192.0.2.1', 1)], { ...base, day: '2026-11-02' }));
    expect(pending.ips).toEqual(new Set(['192.0.2.1', '192.0.2.2']));
    expect([...pending.rollups.values()].map((r) => [r.day, r.messages, r.records])).toEqual([
      ['2026-11-01', 5, 2],
      ['2026-11-02', 1, 1],
    ]);
  });
});
