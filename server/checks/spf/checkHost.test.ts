import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../dnsTypes';
import { createDnsResolver } from '../resolver';
import { startDnsServer, type TestDnsServer } from '../testing/dnsServer';
import { checkHost } from './checkHost';

// Behaviour beyond the conformance suite: what the console shows a user asking "does IP x pass for y?".

let server: TestDnsServer;
let resolver: Resolver;

beforeAll(async () => {
  server = await startDnsServer({
    records: [
      {
        name: 'example.com',
        type: 'TXT',
        data: 'v=spf1 mx include:_spf.example.net -all exp=why.example.com',
      },
      { name: 'example.com', type: 'MX', data: { preference: 10, exchange: 'mx.example.com' } },
      { name: 'mx.example.com', type: 'A', data: '192.0.2.10' },
      { name: 'mx.example.com', type: 'AAAA', data: '2001:db8::10' },
      { name: '_spf.example.net', type: 'TXT', data: 'v=spf1 ip4:198.51.100.0/24 ip6:2001:db8:1::/48 -all' },
      { name: 'why.example.com', type: 'TXT', data: '%{i} is not allowed to send for %{d} (sender %{s})' },
      {
        name: 'slow.example.com',
        type: 'TXT',
        data: 'v=spf1 a:a1.slow.example.com a:a2.slow.example.com -all',
      },
      { name: 'a1.slow.example.com', type: 'A', data: '192.0.2.1' },
      { name: 'a2.slow.example.com', type: 'A', data: '192.0.2.2' },
    ],
    latencyMs: (name) => (name.endsWith('slow.example.com') ? 120 : 0),
  });
  resolver = createDnsResolver({
    servers: [{ host: server.host, port: server.port }],
    timeoutMs: 500,
    tries: 1,
  });
});
afterAll(() => server.close());

describe('checkHost', () => {
  it('passes an MX host and names the deciding mechanism and lookup count', async () => {
    const r = await checkHost(
      { ip: '192.0.2.10', sender: 'user@example.com', helo: 'mx.example.com' },
      resolver,
    );
    expect(r).toMatchObject({
      result: 'pass',
      mechanism: 'mx',
      mechanismDomain: 'example.com',
      dnsLookups: 1,
    });
  });

  it('passes through an include, for IPv6 too', async () => {
    const r = await checkHost({ ip: '2001:db8:1::25', sender: 'user@example.com' }, resolver);
    // The deciding term is the top-level include that matched (§5.2), as Received-SPF reports it.
    expect(r).toMatchObject({
      result: 'pass',
      mechanism: 'include:_spf.example.net',
      mechanismDomain: 'example.com',
    });
    expect(r.dnsLookups).toBe(2);
  });

  it('treats an IPv4-mapped IPv6 client as IPv4', async () => {
    const r = await checkHost({ ip: '::ffff:198.51.100.7', sender: 'user@example.com' }, resolver);
    expect(r).toMatchObject({ result: 'pass', mechanism: 'include:_spf.example.net' });
    const direct = await checkHost(
      { ip: '::ffff:198.51.100.7', sender: '', helo: '_spf.example.net' },
      resolver,
    );
    expect(direct).toMatchObject({ result: 'pass', mechanism: 'ip4:198.51.100.0/24' });
  });

  it('fails with the expanded exp= explanation', async () => {
    const r = await checkHost({ ip: '203.0.113.5', sender: 'Bob@Example.com' }, resolver);
    expect(r).toMatchObject({
      result: 'fail',
      mechanism: '-all',
      explanation: '203.0.113.5 is not allowed to send for Example.com (sender Bob@Example.com)',
    });
  });

  it('uses postmaster@helo for a null sender, and the default explanation only when asked', async () => {
    const r = await checkHost({ ip: '203.0.113.5', sender: '', helo: '_spf.example.net' }, resolver);
    expect(r).toMatchObject({ result: 'fail', domain: '_spf.example.net' });
    expect(r.explanation).toBeUndefined();
    const withDefault = await checkHost(
      { ip: '203.0.113.5', sender: '', helo: '_spf.example.net' },
      resolver,
      {
        defaultExplanation: 'See https://example.org/why?s=%{S}&ip=%{C}',
      },
    );
    expect(withDefault.explanation).toBe(
      'See https://example.org/why?s=postmaster%40_spf.example.net&ip=203.0.113.5',
    );
  });

  it('returns none with the reason for a domain without a record', async () => {
    const r = await checkHost({ ip: '192.0.2.1', sender: 'a@nothing.example.com' }, resolver);
    expect(r).toMatchObject({ result: 'none', error: 'nothing.example.com does not exist' });
  });

  it('checks an explicit domain instead of the sender domain', async () => {
    const r = await checkHost(
      { ip: '198.51.100.1', sender: 'a@other.example', domain: '_spf.example.net' },
      resolver,
    );
    expect(r.result).toBe('pass');
  });

  it('gives temperror when the overall time limit is exceeded (§4.6.4)', async () => {
    const r = await checkHost({ ip: '192.0.2.2', sender: 'a@slow.example.com' }, resolver, {
      limits: { timeMs: 150 },
    });
    expect(r).toMatchObject({ result: 'temperror', error: 'SPF evaluation took too long' });
    const ok = await checkHost({ ip: '192.0.2.2', sender: 'a@slow.example.com' }, resolver);
    expect(ok).toMatchObject({ result: 'pass', mechanism: 'a:a2.slow.example.com' });
  });

  it('rejects an input that is not an IP address', async () => {
    await expect(checkHost({ ip: 'mail.example.com', sender: 'a@example.com' }, resolver)).rejects.toThrow(
      /not an IP address/,
    );
  });
});
