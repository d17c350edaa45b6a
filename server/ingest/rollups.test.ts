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

  it('folds like the plain definition, keys and order included, for every combination of results', () => {
    const words = ['pass', 'fail'] as const;
    const records: AggregateRecord[] = [];
    for (const ip of ['192.0.2.1', '2001:db8::1'])
      for (const dkim of words)
        for (const spf of words)
          for (const dkimAuth of words)
            for (const spfAuth of words)
              for (const disposition of ['none', 'quarantine', 'reject', 'odd'] as const) {
                const r = rec(ip, records.length + 1, { dkim, spf, dkimAuth, spfAuth });
                r.policyEvaluated.disposition = disposition as 'none';
                records.push(r, { ...r, count: 1 });
              }
    // Also results listed more than once, a pass after a failure, and none at all.
    const many = rec('192.0.2.1', 2, { dkimAuth: 'fail' });
    many.authResults.dkim.push({ ...many.authResults.dkim[0], result: 'pass' });
    many.authResults.spf = [];
    records.push(many);
    const plain = new Map<string, ReturnType<typeof rollupRows> extends Map<string, infer R> ? R : never>();
    for (const r of records) {
      const row = {
        day: base.day,
        organization_id: base.organizationId,
        domain: base.domain,
        source_ip: r.sourceIp,
        sender_service: null,
        dkim_auth: r.authResults.dkim.some((d) => d.result === 'pass'),
        spf_auth: r.authResults.spf.some((s) => s.result === 'pass'),
        dkim_aligned: r.policyEvaluated.dkim === 'pass',
        spf_aligned: r.policyEvaluated.spf === 'pass',
        dmarc_pass: r.policyEvaluated.dkim === 'pass' || r.policyEvaluated.spf === 'pass',
        disposition: r.policyEvaluated.disposition,
        messages: r.count,
        records: 1,
      };
      const seen = plain.get(rollupKey(row));
      if (seen) {
        seen.messages += row.messages;
        seen.records += 1;
      } else plain.set(rollupKey(row), row);
    }
    const rows = rollupRows(records, base);
    expect([...rows.keys()]).toEqual([...plain.keys()]);
    expect([...rows.values()]).toEqual([...plain.values()]);
    expect(rows.size).toBe(2 * 16 * 4); // the last record joins a row of the loop
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
