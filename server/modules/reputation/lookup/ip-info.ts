import type { Db } from '../../../db/database';
import { summarise } from '../../../checks/dnsbl/check';
import type { ParsedIp } from '../../../checks/dnsbl/reverse';
import { reverseDns } from '../../../checks/reputation/reverseDns';
import { relatedDomains } from '../repo';
import type { ReputationServices } from '../services';

// Spec section 3 "IP info": city, country, hostname, ip, loc, org, postal, region, timezone, and the SPF and
// DKIM domains this IP sent for in the caller's organization's reports.
export async function ipInfo(
  services: ReputationServices,
  db: Db,
  organizationId: number | null,
  ip: ParsedIp,
) {
  const [rdns, geo, domains] = await Promise.all([
    reverseDns(services.resolver, ip, services.settings.dnsblTimeoutMs),
    services.geo(ip.ip),
    relatedDomains(db, organizationId, ip.ip),
  ]);
  const org = geo.asn ? [geo.asn, geo.as_org].filter(Boolean).join(' ') : geo.as_org;
  return {
    data: {
      type: 'ip-info' as const,
      id: ip.ip,
      attributes: {
        ip: ip.ip,
        hostname: rdns.hostname,
        hostname_confirmed: rdns.confirmed,
        city: geo.city,
        region: geo.region,
        country: geo.country_code,
        country_name: geo.country,
        postal: geo.postal,
        loc: geo.loc,
        org,
        asn: geo.asn,
        network: geo.network,
        timezone: geo.timezone,
        spf_domains: domains.spf,
        dkim_domains: domains.dkim,
      },
    },
  };
}

/** Spec section 3 "IP reputation": listed, noListed, reverseDns. */
export async function ipReputation(services: ReputationServices, ip: ParsedIp) {
  const [results, rdns] = await Promise.all([
    services.checkBlocklists(ip),
    reverseDns(services.resolver, ip, services.settings.dnsblTimeoutMs),
  ]);
  const counts = summarise(results);
  return {
    data: {
      type: 'ip-reputation' as const,
      id: ip.ip,
      attributes: {
        ip: ip.ip,
        listed: counts.listed,
        no_listed: counts.not_listed,
        reverse_dns: rdns.hostname,
      },
    },
  };
}
