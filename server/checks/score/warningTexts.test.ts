import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadZone } from '../../../tests/fixtures/checks/zones';
import { daneWarnings } from '../dane/warnings';
import { checkDkim } from '../dkim/check';
import type { CheckContext } from '../domain/context';
import { checkDmarc } from '../dmarc/check';
import { parseDmarcRecord } from '../dmarc/parse';
import { checkDns } from '../dns/check';
import { parsePolicy } from '../mtasts/policy';
import { parseStsRecord } from '../mtasts/record';
import { createDnsResolver } from '../resolver';
import { hostWarnings } from '../smtp/score';
import type { SmtpHostResult } from '../smtp/types';
import { analyseSpf } from '../spf/analyse';
import { startDnsServer, type TestDnsServer } from '../testing/dnsServer';
import { checkTlsRpt } from '../tlsrpt/check';
import { parseTlsRptRecord } from '../tlsrpt/record';
import type { CheckWarning, WarningParams } from './warning';

// The console shows checkWarnings:<code>(_<context>) filled with the warning's params: in English that must
// read exactly as the server's message. Real checker runs (loopback zones) and the pure parsers supply the
// warnings; each one is rendered from locales/en and compared with its message.

const en = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../../locales/en/checkWarnings.json'), 'utf8'),
) as Record<string, string>;

type AnyWarning = { code: string; message: string; params?: WarningParams };

function render(w: AnyWarning): string {
  const params = w.params ?? {};
  const key = typeof params.context === 'string' ? `${w.code}_${params.context}` : w.code;
  const text = en[key];
  if (text === undefined) return `<no key ${key}>`;
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(params[name] ?? `<${name}?>`));
}

const seen: AnyWarning[] = [];
const mismatches = (list: AnyWarning[]) => {
  seen.push(...list);
  return list
    .filter((w) => render(w) !== w.message)
    .map((w) => ({ code: w.code, message: w.message, shown: render(w) }));
};

let servers: TestDnsServer[] = [];
const ctxOf = (s: TestDnsServer): CheckContext => ({
  resolver: createDnsResolver({ servers: [{ host: s.host, port: s.port }], timeoutMs: 300, tries: 1 }),
  nameServerTarget: () => ({ host: s.host, port: s.port }),
  // The zones' name servers are documentation addresses, asked on loopback.
  allowPrivateTargets: true,
});
let zones: Record<'dmarc' | 'dns' | 'tlsrpt', CheckContext>;

beforeAll(async () => {
  const names = ['dmarc', 'dns', 'tlsrpt'] as const;
  servers = await Promise.all(names.map((n) => startDnsServer(loadZone(n))));
  zones = { dmarc: ctxOf(servers[0]), dns: ctxOf(servers[1]), tlsrpt: ctxOf(servers[2]) };
});
afterAll(() => Promise.all(servers.map((s) => s.close())));

const domainsOf = (zone: string) => [
  ...new Set(
    loadZone(zone)
      .records.map((r) => r.name.replace(/^(_dmarc|_smtp\._tls|_mta-sts)\./, ''))
      .filter((n) => !n.includes('_')),
  ),
  'absent.test',
];

describe('English check warnings read as the server says them', () => {
  it('DMARC, SPF, DNS and TLS-RPT checks of the fixture zones', async () => {
    const out: AnyWarning[] = [];
    for (const d of domainsOf('dmarc')) {
      out.push(...(await checkDmarc(d, zones.dmarc)).warnings);
      out.push(...(await analyseSpf(d, zones.dmarc.resolver)).warnings);
    }
    for (const d of domainsOf('dns')) {
      const r = await checkDns(d, zones.dns);
      out.push(...r.ns.warnings, ...r.mx.warnings);
    }
    for (const d of domainsOf('tlsrpt')) out.push(...(await checkTlsRpt(d, zones.tlsrpt)).warnings);
    out.push(...(await analyseSpf('not a domain', zones.dmarc.resolver)).warnings);
    expect(out.length).toBeGreaterThan(15);
    expect(mismatches(out)).toEqual([]);
  }, 30_000);

  it('the record and policy parsers', () => {
    const out: CheckWarning[] = [];
    for (const text of [
      'v=DMARC1; p=none; pct=50; rua=mailto:a@x.test!10m,https://r.test/x,nope; ruf=mailto:bad; fo=1; psd=y; t=y',
      'p=reject; v=DMARC1; zz=1; p=none; bare; ri=abc',
      'v=DMARC1; p=quarantine; sp=none; np=none',
      'v=DMARC1; rua=mailto:d@x.test',
      'v=DMARC1',
    ])
      out.push(...parseDmarcRecord(text).warnings);
    for (const text of [
      'version: STSv1\nmode: testing\nmax_age: 600\nmx: *.*.bad\nmx: mail.x.test\nextra: 1\nmode: enforce\nnonsense\n',
      'version: STSv2\nmode: sometimes\nmax_age: soon\n',
      'mode: none\r',
      'mx: a.test\n',
      'version: STSv1\nmode: enforce\nmax_age: 99999999999\nmx: a.test\n',
    ])
      out.push(...parsePolicy(text).warnings);
    for (const text of ['v=STSv1; id=1; id=2', 'v=STSv1; bad field', 'v=STSv1;', 'v=STSv1; id=!!'])
      parseStsRecord(text, out);
    for (const text of [
      'v=TLSRPTv1; rua=mailto:a@x.test; rua=x',
      'v=TLSRPTv1; v=x',
      'v=TLSRPTv1; x=1',
      'v=TLSRPTv1; rua=ftp://x',
      'v=TLSRPTv1; a b',
    ])
      parseTlsRptRecord(text, out);
    expect(mismatches(out)).toEqual([]);
  });

  it('SMTP hosts and DANE states', () => {
    const host = (over: Partial<SmtpHostResult>): SmtpHostResult => ({
      host: 'mx.x.test',
      preference: 10,
      address: '192.0.2.1',
      port: 25,
      banner: '220 hi',
      extensions: [],
      startTls: true,
      tls: null,
      steps: [],
      warnings: [],
      score: 0,
      ...over,
    });
    const tls = {
      protocol: 'TLSv1.1',
      cipher: 'x',
      trusted: false,
      trustError: 'self-signed certificate',
      nameMatches: false,
      expired: false,
      chain: [{ subject: 's', issuer: 'i', validTo: '2030-01-01', daysLeft: 3 }],
    };
    const out: CheckWarning[] = [
      ...hostWarnings(host({ address: null })),
      ...hostWarnings(host({ steps: [{ step: 'connect', ms: 1, ok: false, detail: 'ECONNREFUSED' }] })),
      ...hostWarnings(host({ startTls: false })),
      ...hostWarnings(host({ steps: [{ step: 'starttls', ms: 1, ok: false, detail: 'handshake' }] })),
      ...hostWarnings(
        host({ tls: tls as never, steps: [{ step: 'ehlo_tls', ms: 1, ok: false, detail: '421 bye' }] }),
      ),
      ...hostWarnings(host({ tls: { ...tls, expired: true } as never })),
    ];
    const statuses = [
      'mismatch',
      'no_tlsa',
      'insecure_tlsa',
      'bogus_tlsa',
      'unusable',
      'host_insecure',
      'no_tls',
      'lookup_failed',
    ];
    for (const status of statuses)
      out.push(
        ...daneWarnings('mx.x.test', {
          status,
          secure: true,
          records: [{ usable: false, reason: 'PKIX-TA' }],
          detail: 'SERVFAIL',
        } as never),
      );
    expect(out.length).toBeGreaterThan(15);
    expect(mismatches(out)).toEqual([]);
  });

  it('DKIM keys of a loopback zone', async () => {
    const rsa = (bits: number) =>
      generateKeyPairSync('rsa', { modulusLength: bits })
        .publicKey.export({ format: 'der', type: 'spki' })
        .toString('base64');
    const key = (selector: string, text: string) => ({
      name: `${selector}._domainkey.k.test`,
      type: 'TXT',
      data: text,
    });
    const dns = await startDnsServer({
      records: [
        key('weak', `v=DKIM1; k=rsa; p=${rsa(512)}`),
        key('mid', `v=DKIM1; t=y; p=${rsa(1024)}`),
        key('gone', 'v=DKIM1; k=rsa; p='),
        key('junk', 'v=DKIM1; p=bm90IGEga2V5'),
        key('order', `k=rsa; v=DKIM1; p=${rsa(1024)}`),
        key('sha1', `v=DKIM1; h=sha1; s=other; p=${rsa(1024)}`),
        key('odd', 'v=DKIM1; k=dsa; p=abc'),
        key('two', 'v=DKIM1; p='),
        key('two', 'v=DKIM1; p=x'),
      ],
      rules: [{ name: 'slow._domainkey.k.test', action: 'servfail' }],
    });
    servers.push(dns);
    const selectors = ['weak', 'mid', 'gone', 'junk', 'order', 'sha1', 'odd', 'two', 'missing', 'slow'];
    const r = await checkDkim('k.test', selectors, ctxOf(dns));
    const none = await checkDkim('none.test', [], ctxOf(dns));
    const out = [...r.warnings, ...r.selectors.flatMap((x) => x.warnings), ...none.warnings];
    expect(out.length).toBeGreaterThan(8);
    expect(mismatches(out)).toEqual([]);
  }, 30_000);

  it('every warning carries params', () => {
    expect(seen.length).toBeGreaterThan(40);
    expect(seen.filter((w) => w.params === undefined)).toEqual([]);
  });
});
