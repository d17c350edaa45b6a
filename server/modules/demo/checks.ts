import { generateKeyPairSync } from 'node:crypto';
import type { CheckContext } from '../../checks/domain/context';
import type { DnsRecord, DnsRecordType, Resolver } from '../../checks/dnsTypes';
import { checkDomainNow, storeDomainCheck } from '../../checks/history/recheck';
import type { Db } from '../../db/database';
import { demoDomains } from './catalogue';

// Check results for the demo domains: the real checkers (runSystems, as the scheduled re-check runs them)
// over DNS records that exist only here, since .example names publish nothing (RFC 2606). Most domains
// are in order; a few show what the checks find: no DMARC record, an SPF record that allows everyone,
// a DMARC policy of none.

const includes: Record<string, string> = {
  '_spf.google.com': 'v=spf1 ip4:209.85.128.0/17 ip4:74.125.0.0/16 ip6:2a00:1450:4000::/36 ~all',
  'spf.protection.outlook.com': 'v=spf1 ip4:40.92.0.0/15 ip4:40.107.0.0/16 ip4:104.47.0.0/17 -all',
  'sendgrid.net': 'v=spf1 ip4:167.89.0.0/17 ip4:149.72.0.0/16 ~all',
};

const txt = (name: string, text: string): DnsRecord => ({
  name,
  ttl: 3600,
  type: 'TXT',
  chunks: [text],
  text,
});

/** The records each demo domain publishes: SPF, DMARC, TLS-RPT, a DKIM key for selectors s1 and s2. */
export function demoZone(dkimKey: string): DnsRecord[] {
  const records: DnsRecord[] = Object.entries(includes).map(([name, text]) => txt(name, text));
  demoDomains.forEach((domain, i) => {
    const spf =
      i === 5
        ? 'v=spf1 +all'
        : `v=spf1 include:_spf.google.com include:spf.protection.outlook.com include:sendgrid.net ip4:192.0.2.0/28 -all`;
    records.push(txt(domain, spf));
    const policy = i % 4 === 0 ? 'reject' : i % 4 === 1 ? 'quarantine' : 'none';
    if (i !== 7)
      records.push(txt(`_dmarc.${domain}`, `v=DMARC1; p=${policy}; rua=mailto:dmarc@${domain}; fo=1`));
    records.push(txt(`_smtp._tls.${domain}`, `v=TLSRPTv1; rua=mailto:tls-reports@${domain}`));
    for (const selector of ['s1', 's2'])
      records.push(txt(`${selector}._domainkey.${domain}`, `v=DKIM1; k=rsa; p=${dkimKey}`));
  });
  return records;
}

/** A resolver that answers from `records` alone: a name with none of the asked type is NODATA or NXDOMAIN. */
export function recordsResolver(records: DnsRecord[]): Resolver {
  const byName = new Map<string, DnsRecord[]>();
  for (const r of records) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  return {
    query: async (name: string, type: DnsRecordType) => {
      const key = name.toLowerCase().replace(/\.$/, '');
      const own = byName.get(key);
      const exists = own !== undefined || [...byName.keys()].some((n) => n.endsWith(`.${key}`));
      return {
        rcode: exists ? 'NOERROR' : 'NXDOMAIN',
        answers: (own ?? []).filter((r) => r.type === type),
        cnames: [],
        ad: false,
        aa: false,
        ede: [],
      };
    },
  };
}

/** Runs and stores every system's check for the organization's demo domains; returns how many domains. */
export async function storeDemoChecks(db: Db, organizationId: number, now: () => Date): Promise<number> {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const key = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const ctx: CheckContext = {
    resolver: recordsResolver(demoZone(key)),
    allowPrivateTargets: false,
    fetchPolicy: () => Promise.reject(new Error('demo domains publish no MTA-STS policy')),
    now,
  };
  const domains = await db
    .selectFrom('domains')
    .select(['id', 'name', 'organization_id'])
    .where('organization_id', '=', organizationId)
    .where('name', 'in', demoDomains)
    .execute();
  for (const domain of domains) {
    const outcome = await checkDomainNow(domain, ['s1', 's2'], ctx, now);
    await storeDomainCheck(db, outcome);
  }
  return domains.length;
}
