import { checkChanges, checkContent, messages, type NameTypes } from './validate';

const zone = 'example.test.';
const none: NameTypes = new Map();
const replace = (name: string, type: string, ...contents: string[]) => ({
  name,
  type,
  changetype: 'REPLACE' as const,
  records: contents.map((content) => ({ content })),
});

describe('record content', () => {
  it.each([
    ['A', '192.0.2.1', '192.0.2.1'],
    ['AAAA', '2001:DB8::1', '2001:db8::1'],
    ['MX', '10  Mail.Example.test', '10 mail.example.test.'],
    ['MX', '0 .', '0 .'],
    ['SRV', '10 5 5060 sip.example.test.', '10 5 5060 sip.example.test.'],
    ['CAA', '0 issue "letsencrypt.org"', '0 issue "letsencrypt.org"'],
    ['TXT', '"v=spf1 -all"', '"v=spf1 -all"'],
    ['TXT', '"part one" "part \\"two\\""', '"part one" "part \\"two\\""'],
    ['CNAME', 'target.example.net', 'target.example.net.'],
  ])('accepts %s %s', (type, raw, content) => {
    expect(checkContent(type, raw)).toEqual({ content });
  });

  it.each([
    ['A', '192.0.2.256', messages.ipv4],
    ['A', '2001:db8::1', messages.ipv4],
    ['AAAA', '192.0.2.1', messages.ipv6],
    ['MX', 'mail.example.test.', messages.mx],
    ['MX', '70000 mail.example.test.', messages.mx],
    ['SRV', '10 5 sip.example.test.', messages.srv],
    ['CAA', '0 issue letsencrypt.org', messages.caa],
    ['CAA', '256 issue "x"', messages.caa],
    ['TXT', 'v=spf1 -all', messages.txt],
    ['TXT', '"unterminated', messages.txt],
    ['TXT', `"${'a'.repeat(256)}"`, messages.txt],
    ['CNAME', 'bad_host!.example.', messages.host],
    ['A', '', messages.content],
  ])('refuses %s %j', (type, raw, error) => {
    expect(checkContent(type, raw)).toEqual({ error });
  });
});

describe('change sets', () => {
  it('makes names absolute, defaults the ttl, keeps only names inside the zone', () => {
    const r = checkChanges(
      zone,
      [replace('www.example.test', 'a', '192.0.2.1'), replace('@', 'MX', '10 mail.example.test.')],
      none,
    );
    expect(r.errors).toEqual({});
    expect(r.changes.map((c) => [c.name, c.type, c.ttl])).toEqual([
      ['www.example.test.', 'A', 3600],
      ['example.test.', 'MX', 3600],
    ]);
    const outside = checkChanges(zone, [replace('www.example.org.', 'A', '192.0.2.1')], none);
    expect(outside.errors).toEqual({ 'rrsets.0.name': [messages.outside(zone)] });
    expect(checkChanges(zone, [replace('badexample.test.', 'A', '192.0.2.1')], none).errors).toEqual({
      'rrsets.0.name': [messages.outside(zone)],
    });
  });

  it('refuses SOA, unknown types, duplicates, empty sets and bad contents on their fields', () => {
    const r = checkChanges(
      zone,
      [
        replace('example.test.', 'SOA', 'a. b. 1 2 3 4 5'),
        replace('x.example.test.', 'HINFO', 'a b'),
        replace('a.example.test.', 'A', '192.0.2.1', '192.0.2.300'),
        replace('a.example.test.', 'A', '192.0.2.2'),
        { name: 'e.example.test.', type: 'TXT', changetype: 'REPLACE', records: [] },
      ],
      none,
    );
    expect(r.errors).toEqual({
      'rrsets.0.type': [messages.soa],
      'rrsets.1.type': [messages.type],
      'rrsets.2.records.1.content': [messages.ipv4],
      'rrsets.3.name': [messages.twice],
      'rrsets.4.records': [messages.empty],
    });
  });

  it('keeps a CNAME alone at its name, judged after the whole change set', () => {
    const current: NameTypes = new Map([['www.example.test.', new Set(['A'])]]);
    const beside = checkChanges(zone, [replace('www.example.test.', 'CNAME', 'x.example.net.')], current);
    expect(beside.errors).toEqual({ 'rrsets.0.type': [messages.cnameAlone] });
    const swapped = checkChanges(
      zone,
      [
        { name: 'www.example.test.', type: 'A', changetype: 'DELETE' },
        replace('www.example.test.', 'CNAME', 'x.example.net.'),
      ],
      current,
    );
    expect(swapped.errors).toEqual({});
    const apex = checkChanges(zone, [replace('example.test.', 'CNAME', 'x.example.net.')], none);
    expect(apex.errors).toEqual({ 'rrsets.0.type': [messages.cnameApex] });
    const two = checkChanges(
      zone,
      [replace('c.example.test.', 'CNAME', 'x.example.net.', 'y.example.net.')],
      none,
    );
    expect(two.errors).toEqual({ 'rrsets.0.records': [messages.cnameOne] });
  });
});
