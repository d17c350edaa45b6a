import { exportedRrsets } from './rrsets';

// PowerDNS 4.7's /export, as it writes a zone: name, TTL, class, type, content, tab-separated.
const text = [
  'a.z.test.\t300\tIN\tA\t192.0.2.10',
  'a.z.test.\t300\tIN\tA\t192.0.2.1',
  'a.z.test.\t300\tIN\tAAAA\t2001:db8::1',
  'mx.z.test.\t60\tIN\tMX\t10 mail.z.test.',
  't.z.test.\t300\tIN\tTXT\t"a\\tb" "c"',
  'z.test.\t3600\tIN\tSOA\tns1.z.test. hostmaster.z.test. 2026112705 10800 3600 604800 3600',
  '',
].join('\n');

describe('exportedRrsets', () => {
  it('takes only the asked rrsets, records in stored order, and the SOA serial', () => {
    const got = exportedRrsets(text, new Set(['a.z.test./A', 't.z.test./TXT', 'gone.z.test./A']));
    expect(got.serial).toBe(2026112705);
    expect(got.rrsets).toEqual([
      {
        name: 'a.z.test.',
        type: 'A',
        ttl: 300,
        records: [
          { content: '192.0.2.1', disabled: false },
          { content: '192.0.2.10', disabled: false },
        ],
        comments: [],
      },
      {
        name: 't.z.test.',
        type: 'TXT',
        ttl: 300,
        records: [{ content: '"a\\tb" "c"', disabled: false }],
        comments: [],
      },
    ]);
  });

  it('has no serial without a SOA line', () => {
    expect(exportedRrsets('a.z.test.\t300\tIN\tA\t192.0.2.1\n', new Set()).serial).toBeNull();
  });
});
