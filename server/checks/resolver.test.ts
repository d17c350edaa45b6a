import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver } from './resolver';
import { isDnsFailure, isEmptyAnswer, type Resolver } from './dnsTypes';
import { startDnsServer, type TestDnsServer } from './testing/dnsServer';

let server: TestDnsServer;
let resolver: Resolver;

const long = 'x'.repeat(300);

beforeAll(async () => {
  server = await startDnsServer({
    records: [
      { name: 'example.test', type: 'A', data: '192.0.2.1' },
      { name: 'example.test', type: 'AAAA', data: '2001:db8::1' },
      { name: 'example.test', type: 'MX', data: { preference: 10, exchange: 'mx.example.test' } },
      { name: 'example.test', type: 'TXT', data: ['v=spf1 ', 'ip4:192.0.2.0/24 -all'] },
      { name: 'example.test', type: 'TXT', data: 'other' },
      { name: 'example.test', type: 'SPF', data: 'v=spf1 -all' },
      { name: 'alias.example.test', type: 'CNAME', data: 'example.test' },
      { name: 'deep.sub.example.test', type: 'A', data: '192.0.2.9' },
      { name: 'long.example.test', type: 'TXT', data: long },
      { name: 'big.example.test', type: 'TXT', data: Array.from({ length: 12 }, () => 'y'.repeat(200)) },
      { name: 'secure.example.test', type: 'A', data: '192.0.2.7' },
      { name: 'slow.example.test', type: 'A', data: '192.0.2.8' },
    ],
    rules: [
      { name: 'down.example.test', action: 'timeout' },
      { name: 'bogus.example.test', action: 'servfail', ede: { code: 6, text: 'DNSSEC Bogus' } },
      { name: 'refused.example.test', type: 'TXT', action: 'refused' },
    ],
    authenticated: (name) => name.startsWith('secure.'),
    latencyMs: (name) => (name.startsWith('slow.') ? 150 : 0),
  });
  resolver = createDnsResolver({
    servers: [{ host: server.host, port: server.port }],
    timeoutMs: 300,
    tries: 1,
  });
});

afterAll(() => server.close());

describe('createDnsResolver against the loopback server', () => {
  it('returns typed A, AAAA and MX records', async () => {
    const a = await resolver.query('example.test', 'A');
    expect(a.rcode).toBe('NOERROR');
    expect(a.answers).toEqual([{ type: 'A', name: 'example.test', ttl: 300, address: '192.0.2.1' }]);
    const aaaa = await resolver.query('example.test', 'AAAA');
    expect(aaaa.answers[0]).toMatchObject({ type: 'AAAA', address: '2001:db8::1' });
    const mx = await resolver.query('example.test', 'MX');
    expect(mx.answers[0]).toMatchObject({ type: 'MX', preference: 10, exchange: 'mx.example.test' });
  });

  it('keeps TXT character-strings apart and joins them without spaces', async () => {
    const txt = await resolver.query('EXAMPLE.test', 'TXT');
    const spf = txt.answers.find((r) => r.type === 'TXT' && r.text.startsWith('v=spf1'));
    expect(spf).toMatchObject({
      chunks: ['v=spf1 ', 'ip4:192.0.2.0/24 -all'],
      text: 'v=spf1 ip4:192.0.2.0/24 -all',
    });
    expect(txt.answers).toHaveLength(2);
  });

  it('splits a long TXT value into 255-octet strings', async () => {
    const txt = await resolver.query('long.example.test', 'TXT');
    const rec = txt.answers[0];
    expect(rec.type === 'TXT' && rec.chunks.map((c) => c.length)).toEqual([255, 45]);
  });

  it('decodes the obsolete SPF RR type 99', async () => {
    const spf = await resolver.query('example.test', 'SPF');
    expect(spf.answers[0]).toMatchObject({ type: 'SPF', text: 'v=spf1 -all' });
  });

  it('follows a CNAME chain', async () => {
    const a = await resolver.query('alias.example.test', 'A');
    expect(a.cnames).toEqual(['example.test']);
    expect(a.answers).toHaveLength(1);
  });

  it('tells NXDOMAIN from NODATA (empty non-terminals exist)', async () => {
    const nx = await resolver.query('nope.example.test', 'A');
    expect(nx.rcode).toBe('NXDOMAIN');
    const nodata = await resolver.query('example.test', 'PTR');
    expect(nodata.rcode).toBe('NOERROR');
    expect(isEmptyAnswer(nodata)).toBe(true);
    const ent = await resolver.query('sub.example.test', 'A');
    expect(ent.rcode).toBe('NOERROR');
  });

  it('reports a timeout as SERVFAIL with timedOut', async () => {
    const t0 = Date.now();
    const a = await resolver.query('down.example.test', 'A');
    expect(a).toMatchObject({ rcode: 'SERVFAIL', timedOut: true });
    expect(isDnsFailure(a)).toBe(true);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
  });

  it('passes SERVFAIL with its extended error, and REFUSED per type', async () => {
    const bogus = await resolver.query('bogus.example.test', 'A', { dnssec: true });
    expect(bogus.rcode).toBe('SERVFAIL');
    expect(bogus.ede).toEqual([{ code: 6, text: 'DNSSEC Bogus' }]);
    expect((await resolver.query('refused.example.test', 'TXT')).rcode).toBe('REFUSED');
  });

  it('falls back to TCP when the UDP reply is truncated', async () => {
    const before = server.queries.length;
    const big = await resolver.query('big.example.test', 'TXT');
    expect(big.answers[0].type === 'TXT' && big.answers[0].chunks).toHaveLength(12);
    expect(server.queries.slice(before).map((q) => q.transport)).toEqual(['udp', 'tcp']);
  });

  it('sets DO when asked and reads the AD bit', async () => {
    const plain = await resolver.query('secure.example.test', 'A');
    expect(plain.ad).toBe(false);
    const validated = await resolver.query('secure.example.test', 'A', { dnssec: true });
    expect(validated.ad).toBe(true);
    expect(server.queries.at(-1)?.dnssecOk).toBe(true);
  });

  it('runs queries in parallel', async () => {
    const t0 = Date.now();
    const all = await Promise.all(Array.from({ length: 8 }, () => resolver.query('slow.example.test', 'A')));
    expect(all.every((a) => a.answers.length === 1)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(8 * 150);
  });

  it('refuses names DNS cannot carry without sending them', async () => {
    const before = server.queries.length;
    const bad = await resolver.query(`${'a'.repeat(64)}.example.test`, 'A');
    expect(bad.rcode).toBe('SERVFAIL');
    expect(bad.error).toMatch(/label longer than 63/);
    expect(server.queries.length).toBe(before);
  });

  it('tries the next server when the first does not answer', async () => {
    const dead = { host: '127.0.0.1', port: 9 };
    const r = createDnsResolver({
      servers: [dead, { host: server.host, port: server.port }],
      timeoutMs: 200,
      tries: 1,
    });
    expect((await r.query('example.test', 'A')).answers).toHaveLength(1);
  });

  it('keeps at most maxInFlight queries at the servers; the rest wait their turn', async () => {
    let active = 0;
    let most = 0;
    const latencyMs = 50;
    const slow = await startDnsServer({
      records: [{ name: 'example.test', type: 'A', data: '192.0.2.1' }],
      // Counted when a question arrives; uncounted by a timer set before the reply's own, so first.
      latencyMs: () => {
        most = Math.max(most, ++active);
        setTimeout(() => active--, latencyMs);
        return latencyMs;
      },
    });
    try {
      const r = createDnsResolver({ servers: [slow], timeoutMs: 5000, tries: 1, maxInFlight: 2 });
      const answers = await Promise.all(Array.from({ length: 8 }, () => r.query('example.test', 'A')));
      expect(answers.every((a) => a.answers.length === 1)).toBe(true);
      expect(most).toBe(2);
    } finally {
      await slow.close();
    }
  });
});
