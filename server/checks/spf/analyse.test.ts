import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Resolver } from '../dnsTypes';
import { createDnsResolver } from '../resolver';
import { startDnsServer, type TestDnsServer } from '../testing/dnsServer';
import type { ZoneRecord, ZoneRule } from '../testing/dnsZone';
import { analyseSpf } from './analyse';

const fixture = path.resolve(__dirname, '..', '..', '..', 'tests', 'fixtures', 'spf', 'analysis-zone.yml');
const zone = parse(readFileSync(fixture, 'utf8')) as { records: ZoneRecord[]; rules: ZoneRule[] };

let server: TestDnsServer;
let resolver: Resolver;

beforeAll(async () => {
  server = await startDnsServer(zone);
  resolver = createDnsResolver({
    servers: [{ host: server.host, port: server.port }],
    timeoutMs: 200,
    tries: 1,
  });
});
afterAll(() => server.close());

const codes = async (domain: string) => (await analyseSpf(domain, resolver)).warnings.map((w) => w.code);

describe('analyseSpf', () => {
  it('reports a sound policy: record, include tree, one lookup, valid, 100', async () => {
    const a = await analyseSpf('Good.Example.', resolver);
    expect(a).toMatchObject({
      domain: 'good.example',
      record: 'v=spf1 ip4:192.0.2.0/24 include:_spf.provider.example -all',
      valid: true,
      dnsLookups: 1,
      voidLookups: 0,
      warnings: [],
      score: 100,
    });
    expect(a.tree?.pass).toEqual(['ip4:192.0.2.0/24', 'include:_spf.provider.example']);
    expect(a.tree?.include).toHaveLength(1);
    expect(a.tree?.include[0]).toMatchObject({
      domain: '_spf.provider.example',
      record: 'v=spf1 ip4:198.51.100.0/24 ip6:2001:db8::/32 ~all',
      valid: true,
      dnsLookups: 0,
    });
    expect(a.tree?.mechanisms.map((m) => [m.text, m.lookups])).toEqual([
      ['ip4:192.0.2.0/24', 0],
      ['include:_spf.provider.example', 1],
      ['-all', 0],
    ]);
  });

  it('joins a record split into several strings', async () => {
    const a = await analyseSpf('split.example', resolver);
    expect(a.record).toBe('v=spf1 ip4:192.0.2.1 ip4:192.0.2.2 -all');
    expect(a.valid).toBe(true);
  });

  it('reports no record (v=spf10 is not SPF 1): score 0', async () => {
    for (const d of ['nospf.example', 'spf10.example', 'does-not-exist.example']) {
      const a = await analyseSpf(d, resolver);
      expect(a).toMatchObject({ record: null, valid: false, score: 0 });
      expect(a.warnings.map((w) => w.code)).toEqual(['no_record']);
    }
  });

  it('reports several records as invalid', async () => {
    const a = await analyseSpf('multi.example', resolver);
    expect(a).toMatchObject({ valid: false, score: 10, record: null });
    expect(a.records).toHaveLength(2);
    expect(a.warnings[0]).toMatchObject({ code: 'multiple_records', severity: 'error' });
  });

  it('warns about +all, ?all, no all and ptr, with their penalties', async () => {
    expect(await analyseSpf('plusall.example', resolver)).toMatchObject({ valid: true, score: 40 });
    expect(await codes('plusall.example')).toEqual(['plus_all']);
    expect(await analyseSpf('neutral.example', resolver)).toMatchObject({ score: 70 });
    expect(await codes('neutral.example')).toEqual(['neutral_all']);
    expect(await analyseSpf('noall.example', resolver)).toMatchObject({ score: 80 });
    expect(await codes('noall.example')).toEqual(['no_all']);
    const ptr = await analyseSpf('ptr.example', resolver);
    expect(ptr.warnings.map((w) => w.code)).toEqual(['ptr_used']);
    expect(ptr).toMatchObject({ dnsLookups: 1, score: 90 });
  });

  it('counts void lookups and fails over two', async () => {
    const one = await analyseSpf('onevoid.example', resolver);
    expect(one).toMatchObject({ voidLookups: 1, valid: true, score: 95 });
    const three = await analyseSpf('void.example', resolver);
    expect(three).toMatchObject({ voidLookups: 3, valid: false, score: 10 });
    expect(three.warnings.map((w) => w.code)).toEqual([
      'too_many_void_lookups',
      'void_lookup',
      'void_lookup',
      'void_lookup',
    ]);
  });

  it('counts lookups through includes: over 10 is invalid, 9 is a warning', async () => {
    const many = await analyseSpf('many.example', resolver);
    expect(many).toMatchObject({ dnsLookups: 12, valid: false, score: 10 });
    expect(many.warnings.map((w) => w.code)).toContain('too_many_lookups');
    expect(many.tree?.include[0].dnsLookups).toBe(11);
    const near = await analyseSpf('near.example', resolver);
    expect(near).toMatchObject({ dnsLookups: 9, valid: true, score: 95 });
    expect(near.warnings.map((w) => w.code)).toEqual(['near_lookup_limit']);
  });

  it('finds include/redirect loops', async () => {
    const a = await analyseSpf('loop.example', resolver);
    expect(a.valid).toBe(false);
    expect(a.warnings.map((w) => w.code)).toEqual(['loop']);
    expect(a.tree?.include[0].domain).toBe('loop2.example');
    expect(a.tree?.include[0].redirect).toBeNull();
  });

  it('follows redirect, and notes a redirect that "all" makes useless', async () => {
    const a = await analyseSpf('redirect.example', resolver);
    expect(a).toMatchObject({ valid: true, dnsLookups: 1, score: 100 });
    expect(a.tree?.redirect).toMatchObject({
      domain: '_spf.redirect.example',
      record: 'v=spf1 ip4:192.0.2.0/24 -all',
    });
    expect(await analyseSpf('redirect-all.example', resolver)).toMatchObject({ dnsLookups: 0, score: 100 });
    expect(await codes('redirect-all.example')).toEqual(['redirect_ignored']);
  });

  it('flags include and redirect targets without a valid record', async () => {
    expect(await codes('include-missing.example')).toEqual(['include_without_record']);
    expect(await codes('redirect-missing.example')).toEqual(['redirect_without_record']);
    const bad = await analyseSpf('include-bad.example', resolver);
    expect(bad).toMatchObject({ valid: false, score: 10 });
    expect(bad.warnings[0]).toMatchObject({ code: 'syntax_error', domain: 'syntax.example' });
    expect(bad.tree?.include[0]).toMatchObject({
      valid: false,
      error: expect.stringMatching(/192\.0\.2\.300/),
    });
  });

  it('reports a syntax error at the top', async () => {
    const a = await analyseSpf('syntax.example', resolver);
    expect(a).toMatchObject({ valid: false, score: 10, record: 'v=spf1 ip4:192.0.2.300 -all' });
  });

  it('warns about the obsolete SPF RR type, size and MX host count', async () => {
    expect(await codes('oldtype.example')).toEqual(['spf_rr_type']);
    expect(await codes('large.example')).toEqual(['record_too_large']);
    const mx = await analyseSpf('mxmany.example', resolver);
    expect(mx.warnings.map((w) => w.code)).toEqual(['mx_too_many_hosts']);
    expect(mx.valid).toBe(false);
  });

  it('does not follow macro targets and reports DNS errors', async () => {
    expect(await codes('macro.example')).toEqual(['macro_not_analysed']);
    const err = await analyseSpf('dnserr.example', resolver);
    expect(err.warnings.map((w) => w.code)).toEqual(['dns_error']);
    expect(err.score).toBe(90);
  });

  it('analyses a proposed record and warns when it must be split', async () => {
    const text = `v=spf1 ${'ip4:192.0.2.1 '.repeat(20)}-all`;
    const a = await analyseSpf('good.example', resolver, { record: text });
    expect(a.record).toBe(text);
    expect(a.warnings.map((w) => w.code)).toEqual(['string_too_long']);
  });

  it('rejects a name that is not a domain', async () => {
    const a = await analyseSpf('localhost', resolver);
    expect(a).toMatchObject({ valid: false, score: 0 });
  });
});
