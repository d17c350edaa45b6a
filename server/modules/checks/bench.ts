import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { createTestCa } from '../../../tests/support/tls/certs';
import type { ZoneRecord } from '../../checks/testing/dnsZone';
import { startDnsServer } from '../../checks/testing/dnsServer';
import { runChecks } from '../../checks/domain/aggregate';
import { CHECK_FLAGS } from '../../checks/domain/registry';
import { createDnsResolver } from '../../checks/resolver';
import { createPolicyFetcher } from '../../checks/mtasts/fetchPolicy';
import type { CheckContext } from '../../checks/domain/context';

// npm run bench:checks — the full /checks/domain work (every registered checker) against a loopback DNS
// server that adds 20 ms to every answer, an HTTPS MTA-STS policy host and an SMTP server with STARTTLS
// (certificates from a test CA), all on loopback.
// 1) one domain at a time: p50/p95/max; 2) 200 domains with bounded concurrency: wall time, per-domain
// p95, memory. Figures go to docs/PERFORMANCE.md.

const LATENCY_MS = 20;
const DOMAINS = 200;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);

function zoneFor(d: string): ZoneRecord[] {
  return [
    { name: d, type: 'NS', data: `ns1.${d}` },
    { name: d, type: 'NS', data: `ns2.${d}` },
    { name: d, type: 'SOA', data: { mname: `ns1.${d}`, rname: `hostmaster.${d}`, serial: 1 } },
    { name: `ns1.${d}`, type: 'A', data: '127.0.0.1' },
    { name: `ns2.${d}`, type: 'A', data: '127.0.0.1' },
    { name: d, type: 'MX', data: { preference: 10, exchange: `mx1.${d}` } },
    { name: d, type: 'MX', data: { preference: 20, exchange: `mx2.${d}` } },
    { name: `mx1.${d}`, type: 'A', data: '127.0.0.1' },
    { name: `mx2.${d}`, type: 'A', data: '127.0.0.1' },
    { name: d, type: 'TXT', data: `v=spf1 mx include:_spf.${d} ip4:192.0.2.0/24 -all` },
    { name: `_spf.${d}`, type: 'TXT', data: `v=spf1 a:out.${d} include:_spf2.${d} ~all` },
    { name: `_spf2.${d}`, type: 'TXT', data: 'v=spf1 ip4:198.51.100.0/24 -all' },
    { name: `out.${d}`, type: 'A', data: '192.0.2.20' },
    {
      name: `_dmarc.${d}`,
      type: 'TXT',
      data: `v=DMARC1; p=reject; rua=mailto:dmarc@${d},mailto:x@reports.bench`,
    },
    { name: `${d}._report._dmarc.reports.bench`, type: 'TXT', data: 'v=DMARC1' },
    { name: `_smtp._tls.${d}`, type: 'TXT', data: `v=TLSRPTv1; rua=mailto:tls@${d}` },
    { name: `_mta-sts.${d}`, type: 'TXT', data: 'v=STSv1; id=1;' },
    { name: `mta-sts.${d}`, type: 'A', data: '127.0.0.1' },
  ];
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n: number) => `${Math.round(n)} ms`;

async function main() {
  const names = Array.from({ length: DOMAINS }, (_, i) => `d${i}.bench`);
  const records = [
    ...names.flatMap(zoneFor),
    { name: 'reports.bench', type: 'MX', data: { preference: 10, exchange: 'mx.reports.bench' } },
  ];
  const dns = await startDnsServer({ records, latencyMs: LATENCY_MS });
  const ca = createTestCa();
  const web = https.createServer(
    ca.issue(
      'bench',
      names.map((n) => `mta-sts.${n}`),
    ),
    (req, res) => {
      const d = (req.headers.host ?? '').replace(/^mta-sts\./, '');
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(`version: STSv1\nmode: enforce\nmx: *.${d}\nmax_age: 604800\n`);
    },
  );
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const mxCert = ca.issue(
    'mx',
    names.flatMap((n) => [`mx1.${n}`, `mx2.${n}`]),
  );
  const smtp = new SMTPServer({ ...mxCert, authOptional: true, disabledCommands: ['AUTH'], logger: false });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const ctx: CheckContext & { smtpCa: string[] } = {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    smtpCa: [readFileSync(ca.caFile, 'utf8')],
    resolver: createDnsResolver({ servers: [{ host: dns.host, port: dns.port }] }),
    nameServerTarget: () => ({ host: dns.host, port: dns.port }),
    fetchPolicy: createPolicyFetcher({ port: (web.address() as AddressInfo).port, caFile: ca.caFile }),
    // Every host of the bench zone lives on loopback.
    allowPrivateTargets: true,
  };
  const timeOne = async (d: string) => {
    const start = performance.now();
    const r = await runChecks(d, CHECK_FLAGS, ctx);
    if (r.score === null || Object.values(r.checks).some((c) => (c as { error?: string }).error)) {
      throw new Error(`${d}: a checker failed: ${JSON.stringify(r.checks)}`);
    }
    return performance.now() - start;
  };

  // 1) One domain at a time.
  const queriesBefore = dns.queries.length;
  const single: number[] = [];
  for (const d of names.slice(0, 30)) single.push(await timeOne(d));
  const perDomainQueries = (dns.queries.length - queriesBefore) / 30;
  single.sort((a, b) => a - b);

  // 2) All 200 with bounded concurrency.
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const times: number[] = [];
  const queue = [...names];
  const wallStart = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let d = queue.shift(); d; d = queue.shift()) {
        times.push(await timeOne(d));
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }
    }),
  );
  const wall = performance.now() - wallStart;
  times.sort((a, b) => a - b);

  const lines = [
    `checkers: ${CHECK_FLAGS.join(', ')} (registered ones run)`,
    `DNS latency added per query: ${LATENCY_MS} ms; DNS questions per domain: ${perDomainQueries.toFixed(0)}`,
    `one domain at a time (30 runs): p50 ${ms(pct(single, 50))}, p95 ${ms(pct(single, 95))}, max ${ms(single.at(-1) ?? 0)}`,
    `${DOMAINS} domains, concurrency ${CONCURRENCY}: wall ${ms(wall)} (${(DOMAINS / (wall / 1000)).toFixed(1)} domains/s), per-domain p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}`,
    `memory: rss ${(rssBefore / 2 ** 20).toFixed(0)} MiB before, peak ${(peakRss / 2 ** 20).toFixed(0)} MiB`,
  ];
  for (const l of lines) console.log(l);
  await new Promise((resolve) => web.close(resolve));
  await new Promise((resolve) => smtp.close(() => resolve(undefined)));
  await dns.close();
  ca.cleanup();
  const p95 = pct(single, 95);
  if (p95 > 1500) {
    console.error(`p95 ${ms(p95)} is over the 1.5 s budget`);
    process.exitCode = 1;
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
