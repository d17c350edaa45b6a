import { errorText } from '../../../lib/errors';
import { maxLineLength } from './bind-lexer';
import { maxImportRecords, parseTtl, parseZoneFile } from './bind-parse';

const zone = 'example.com.';
// The parser's problems are codes of the errors catalogue; the tests read them in English.
const parse = (text: string) => {
  const parsed = parseZoneFile(text, zone);
  return { ...parsed, errors: parsed.errors.map((e) => ({ line: e.line, message: errorText(e.message) })) };
};

describe('parseZoneFile', () => {
  it('reads $ORIGIN, $TTL, @, relative and absolute names, comments and parentheses', () => {
    const { rrsets, errors } = parse(
      [
        '$TTL 1h ; default',
        '@ IN SOA ns1 hostmaster ( 1 ; serial',
        '  7200 3600 604800 300 )',
        '@  NS ns1',
        '   NS ns2.example.net.',
        'www 300 IN A 192.0.2.1',
        'www IN 300 A 192.0.2.2',
        '$ORIGIN sub.example.com.',
        'mail MX 10 mx ; relative target',
        '_sip._tcp SRV ( 10 5 5060',
        '   sip.example.com. )',
        '@ CAA 0 issue "letsencrypt.org"',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(rrsets).toEqual([
      { name: zone, type: 'NS', ttl: 3600, records: ['ns1.example.com.', 'ns2.example.net.'], line: 4 },
      { name: 'www.example.com.', type: 'A', ttl: 300, records: ['192.0.2.1', '192.0.2.2'], line: 6 },
      { name: 'mail.sub.example.com.', type: 'MX', ttl: 3600, records: ['10 mx.sub.example.com.'], line: 9 },
      {
        name: '_sip._tcp.sub.example.com.',
        type: 'SRV',
        ttl: 3600,
        records: ['10 5 5060 sip.example.com.'],
        line: 10,
      },
      { name: 'sub.example.com.', type: 'CAA', ttl: 3600, records: ['0 issue "letsencrypt.org"'], line: 12 },
    ]);
  });

  it('keeps TXT strings with their escapes, semicolons and parentheses inside quotes, and quotes bare words', () => {
    const { rrsets, errors } = parse(
      [
        '_dmarc TXT "v=DMARC1; p=reject" ; comment',
        't TXT ( "a \\"quoted\\" (word)"',
        '  "second\\\\" )',
        'u TXT bare',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(rrsets.map((r) => r.records[0])).toEqual([
      '"v=DMARC1; p=reject"',
      '"a \\"quoted\\" (word)" "second\\\\"',
      '"bare"',
    ]);
  });

  it('takes an omitted TTL from the last one stated when there is no $TTL, else 3600', () => {
    const { rrsets } = parse('a A 192.0.2.1\nb 60 A 192.0.2.2\nc A 192.0.2.3');
    expect(rrsets.map((r) => r.ttl)).toEqual([3600, 60, 60]);
  });

  it('refuses names outside the zone, other classes, unknown types and directives, by line', () => {
    const { rrsets, errors } = parse(
      [
        'ok A 192.0.2.1',
        'evil.example.org. A 192.0.2.1',
        'x CH A 192.0.2.1',
        'x HINFO "a" "b"',
        '$INCLUDE other.zone',
        '$GENERATE 1-10 host$ A 192.0.2.$',
        'bad A 999.1.1.1',
        'y MX 10',
        'z A "192.0.2.1"',
      ].join('\n'),
    );
    expect(rrsets).toHaveLength(1);
    expect(errors.map((e) => e.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(errors[0]!.message).toBe('The name must be inside the zone example.com..');
    expect(errors[1]!.message).toBe('Only the IN class is supported, not CH.');
    expect(errors[2]!.message).toMatch(/^The type HINFO cannot be imported/);
    expect(errors[3]!.message).toMatch(/\$INCLUDE is not supported/);
    expect(errors[5]!.message).toBe('Enter a valid IPv4 address.');
  });

  it('refuses a first record without a name, a TTL that differs within a set, and unclosed syntax', () => {
    expect(parse('  A 192.0.2.1').errors[0]).toEqual({ line: 1, message: expect.stringMatching(/no name/) });
    expect(parse('a 60 A 192.0.2.1\na 120 A 192.0.2.2').errors[0]!.line).toBe(2);
    expect(parse('a TXT "open').errors[0]).toEqual({ line: 1, message: expect.stringMatching(/not closed/) });
    expect(parse('a A ( 192.0.2.1\n\nb A 192.0.2.2').errors[0]!.line).toBe(1);
    expect(parse('a A 192.0.2.1 )').errors[0]!.message).toMatch(/no opening/);
  });

  it('refuses a NUL byte or other control character on its line', () => {
    const { rrsets, errors } = parse('a A 192.0.2.1\nb TXT "x\u0000y"\nc A 192.0.2.3');
    expect(errors).toEqual([{ line: 2, message: 'Control characters are not allowed.' }]);
    expect(rrsets.map((r) => r.name)).toEqual(['a.example.com.', 'c.example.com.']);
  });

  it('refuses a line longer than the limit without reading it', () => {
    const long = `a TXT "${'x'.repeat(maxLineLength)}"`;
    expect(parse(long).errors).toEqual([{ line: 1, message: expect.stringMatching(/longer than/) }]);
  });

  it(`reads ${maxImportRecords} records and refuses one more`, () => {
    const lines = Array.from({ length: maxImportRecords }, (_, i) => `h${i} A 10.0.${i >> 8}.${i & 255}`);
    const started = performance.now();
    const { rrsets, errors } = parse(lines.join('\n'));
    expect(errors).toEqual([]);
    expect(rrsets).toHaveLength(maxImportRecords);
    expect(performance.now() - started).toBeLessThan(2000);
    const over = parse([...lines, 'one.more A 192.0.2.1'].join('\n'));
    expect(over.errors).toEqual([{ line: maxImportRecords + 1, message: expect.stringMatching(/at most/) }]);
  });

  it('reads PowerDNS export output: absolute names, tab separated, one record per line', () => {
    const text = [
      'example.com.\t3600\tIN\tSOA\tns1.example.com. hostmaster.example.com. 2026 10800 3600 604800 3600',
      'example.com.\t3600\tIN\tNS\tns1.example.com.',
      'www.example.com.\t300\tIN\tCNAME\texample.com.',
    ].join('\n');
    const { rrsets, errors } = parse(`${text}\n`);
    expect(errors).toEqual([]);
    expect(rrsets.map((r) => `${r.name} ${r.type} ${r.records.join(',')}`)).toEqual([
      'example.com. NS ns1.example.com.',
      'www.example.com. CNAME example.com.',
    ]);
  });
});

describe('parseTtl', () => {
  it('reads seconds and unit forms, refuses the rest', () => {
    expect(parseTtl('300')).toBe(300);
    expect(parseTtl('1h30m')).toBe(5400);
    expect(parseTtl('1W')).toBe(604_800);
    expect(parseTtl('1x')).toBeNull();
    expect(parseTtl('99999999999')).toBeNull();
  });
});
