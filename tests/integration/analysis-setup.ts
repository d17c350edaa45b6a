import net, { type AddressInfo } from 'node:net';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import type { ZoneRecord } from '../../server/checks/testing/dnsZone';
import { openQueue } from '../../server/jobs/runner';
import { recheckDomainJob } from '../../server/modules/analysis/recheck-job';
import { startTestApp, type TestApp } from './support/app';

// The app of the stored-checks tests (analysis-*, history-*, domain-info-*): its resolver points at a
// loopback DNS server through DNS_SERVERS, name servers are asked there too, and the MTA-STS and SMTP
// checks connect to loopback ports where nothing listens (refused at once). A queue worker runs the
// re-check jobs (a new domain's first check is one).

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

/** The records of a mail domain, with values the tests change between runs. */
export function mailZone(
  d: string,
  o: { dmarc?: string | null; spf?: string | null; a?: string[]; mx?: string; sts?: string | null } = {},
): ZoneRecord[] {
  const records: ZoneRecord[] = [
    { name: d, type: 'NS', data: `ns1.${d}`, ttl: 3600 },
    { name: d, type: 'NS', data: `ns2.${d}`, ttl: 3600 },
    { name: d, type: 'SOA', data: { mname: `ns1.${d}`, rname: `hostmaster.${d}`, serial: 1 } },
    { name: `ns1.${d}`, type: 'A', data: '127.0.0.1' },
    { name: `ns2.${d}`, type: 'A', data: '127.0.0.1' },
    { name: d, type: 'MX', data: { preference: 10, exchange: o.mx ?? `mx.${d}` }, ttl: 600 },
    { name: o.mx ?? `mx.${d}`, type: 'A', data: '127.0.0.1' },
    ...(o.a ?? ['192.0.2.10']).map((address) => ({ name: d, type: 'A', data: address, ttl: 300 })),
  ];
  const dmarc = o.dmarc === undefined ? `v=DMARC1; p=reject; rua=mailto:dmarc@${d}` : o.dmarc;
  if (dmarc) records.push({ name: `_dmarc.${d}`, type: 'TXT', data: dmarc, ttl: 300 });
  const spf = o.spf === undefined ? 'v=spf1 mx -all' : o.spf;
  if (spf) records.push({ name: d, type: 'TXT', data: spf, ttl: 300 });
  records.push({ name: d, type: 'TXT', data: 'google-site-verification=abc', ttl: 300 });
  const sts = o.sts === undefined ? 'v=STSv1; id=20260101;' : o.sts;
  if (sts) records.push({ name: `_mta-sts.${d}`, type: 'TXT', data: sts, ttl: 300 });
  return records;
}

export type ChecksApp = { t: TestApp; dns: TestDnsServer; close: () => Promise<void> };

export async function startChecksApp(
  records: ZoneRecord[],
  env: Record<string, string> = {},
): Promise<ChecksApp> {
  const dns = await startDnsServer({ records });
  const saved = process.env.DNS_SERVERS;
  process.env.DNS_SERVERS = `127.0.0.1:${dns.port}`;
  const t = await startTestApp({
    env: {
      CHECKS_NS_PORT: String(dns.port),
      CHECK_INTERVAL_HOURS: '24',
      MTA_STS_PORT: String(await freePort()),
      SMTP_CHECK_PORT: String(await freePort()),
      // Name servers, MX and policy hosts of the zone are on loopback.
      CHECKS_ALLOW_PRIVATE_TARGETS: 'true',
      ...env,
    },
  });
  const queue = await openQueue(t.ctx, { jobs: [recheckDomainJob()], work: true });
  return {
    t,
    dns,
    close: async () => {
      await queue.stop();
      await t.close();
      await dns.close();
      if (saved === undefined) delete process.env.DNS_SERVERS;
      else process.env.DNS_SERVERS = saved;
    },
  };
}
