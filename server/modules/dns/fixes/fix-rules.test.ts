import type { StoredRrset } from '../../../db/schema-dns';
import { type FixInputs, proposeFixes, txtText } from './fix-rules';

const rrset = (name: string, type: string, ...contents: string[]): StoredRrset => ({
  name,
  type,
  ttl: 300,
  records: contents.map((content) => ({ content, disabled: false })),
  comments: [],
});
const base: FixInputs = {
  zone: 'example.com.',
  rrsets: [],
  rua: 'mailto:abc@reports.example.net',
  ruaReceivesMail: true,
  organizational: true,
  spfWarnings: [],
  dmarcPass: null,
};
const kinds = (input: Partial<FixInputs>) => proposeFixes({ ...base, ...input });

describe('suggested fix rules', () => {
  it('joins the quoted strings of a TXT record', () => {
    expect(txtText('"v=DMARC1; " "p=none"')).toBe('v=DMARC1; p=none');
    expect(txtText('"a \\"b\\""')).toBe('a "b"');
  });

  it('adds DMARC beside other TXT records at _dmarc, not under a subdomain that inherits', () => {
    const other = rrset('_dmarc.example.com.', 'TXT', '"note"');
    const { fixes } = kinds({ rrsets: [other] });
    expect(fixes).toHaveLength(1);
    expect(fixes[0]!.before).toBe(other);
    expect(fixes[0]!.after.records.map((r) => r.content)).toEqual([
      '"note"',
      '"v=DMARC1; p=none; rua=mailto:abc@reports.example.net"',
    ]);
    expect(fixes[0]!.after.ttl).toBe(300);
    expect(kinds({ organizational: false }).fixes).toEqual([]);
    const disabled = {
      ...rrset('_dmarc.example.com.', 'TXT'),
      records: [{ content: '"v=DMARC1; p=reject"', disabled: true }],
    };
    expect(kinds({ rrsets: [disabled] }).fixes.map((f) => f.kind)).toEqual(['dmarc']);
  });

  it('proposes p=quarantine only after 30 days at 99 % DMARC pass', () => {
    const dmarc = rrset('_dmarc.example.com.', 'TXT', '"v=DMARC1; p=none; rua=mailto:x@example.com"');
    expect(kinds({ rrsets: [dmarc], dmarcPass: { rate: 0.995, days: 29 } }).fixes).toEqual([]);
    expect(kinds({ rrsets: [dmarc], dmarcPass: { rate: 0.98, days: 45 } }).fixes).toEqual([]);
    const [fix] = kinds({ rrsets: [dmarc], dmarcPass: { rate: 0.99, days: 30 } }).fixes;
    expect(fix!.kind).toBe('dmarc-quarantine');
    expect(fix!.after.records[0]!.content).toBe('"v=DMARC1; p=quarantine; rua=mailto:x@example.com"');
    const reject = rrset('_dmarc.example.com.', 'TXT', '"v=DMARC1; p=reject"');
    expect(kinds({ rrsets: [reject], dmarcPass: { rate: 1, days: 60 } }).fixes).toEqual([]);
  });

  it('proposes TLS-RPT and explains MTA-STS only for a domain with MX; explains SPF over 10 lookups', () => {
    const dmarc = rrset('_dmarc.example.com.', 'TXT', '"v=DMARC1; p=reject"');
    expect(kinds({ rrsets: [dmarc] })).toEqual({ fixes: [], notes: [] });
    const mx = rrset('example.com.', 'MX', '10 mx.example.com.');
    const out = kinds({ rrsets: [dmarc, mx], spfWarnings: ['too_many_lookups'] });
    expect(out.fixes.map((f) => [f.kind, f.after.records[0]!.content])).toEqual([
      ['tls-rpt', '"v=TLSRPTv1; rua=mailto:abc@reports.example.net"'],
    ]);
    expect(out.notes.map((n) => n.kind)).toEqual(['spf-lookups', 'mta-sts']);
    expect(out.notes[1]!.detail).toContain('https://mta-sts.example.com/.well-known/mta-sts.txt');
    const sts = rrset('_mta-sts.example.com.', 'TXT', '"v=STSv1; id=1"');
    const tls = rrset('_smtp._tls.example.com.', 'TXT', '"v=TLSRPTv1; rua=mailto:t@example.com"');
    expect(kinds({ rrsets: [dmarc, mx, sts, tls] })).toEqual({ fixes: [], notes: [] });
  });

  it('proposes no TLS-RPT record with an address that cannot receive mail, and says why', () => {
    const dmarc = rrset('_dmarc.example.com.', 'TXT', '"v=DMARC1; p=reject"');
    const mx = rrset('example.com.', 'MX', '10 mx.example.com.');
    const sts = rrset('_mta-sts.example.com.', 'TXT', '"v=STSv1; id=1"');
    const out = kinds({ rrsets: [dmarc, mx, sts], rua: 'mailto:abc@localhost', ruaReceivesMail: false });
    expect(out.fixes).toEqual([]);
    expect(out.notes.map((n) => n.kind)).toEqual(['report-address']);
  });
});
