import { summarise } from '../../../checks/dnsbl/check';
import type { ParsedIp } from '../../../checks/dnsbl/reverse';
import { lookupReputation } from '../../../checks/reputation/lookup';
import { reverseDns } from '../../../checks/reputation/reverseDns';
import type { ReputationServices } from '../services';

// The IP listing (spec section 3: ASN, NET, country code, title, target host, city, region, lookup list),
// with the reputation category and summary (listed, noListed, reverseDns). Every lookup runs at once.
export async function ipListing(services: ReputationServices, ip: ParsedIp, now: Date) {
  const { resolver, settings } = services;
  const [results, reputation, rdns, geo] = await Promise.all([
    services.checkBlocklists(ip),
    lookupReputation(resolver, settings.reputationZone, ip, settings.dnsblTimeoutMs),
    reverseDns(resolver, ip, settings.dnsblTimeoutMs),
    services.geo(ip.ip),
  ]);
  const counts = summarise(results);
  return {
    target: ip.ip,
    ip_version: ip.version,
    asn: geo.asn,
    net: geo.network,
    country_code: geo.country_code,
    title: geo.as_org ?? rdns.hostname ?? ip.ip,
    target_host: rdns.hostname,
    target_host_confirmed: rdns.confirmed,
    city: geo.city,
    region: geo.region,
    lookup_list: results.map(({ ttl: _ttl, ...rest }) => rest),
    listed: counts.listed,
    no_listed: counts.not_listed,
    failed: counts.failed,
    allow_listed: counts.allow_listed,
    reverse_dns: rdns.hostname,
    reputation,
    delistable: reputation.lookup === 'ok' && reputation.level !== null && reputation.level < 0,
    checked_at: now.toISOString(),
  };
}

export type IpListing = Awaited<ReturnType<typeof ipListing>>;

export const listingDocument = (listing: IpListing) => ({
  data: { type: 'ip-listings' as const, id: listing.target, attributes: listing },
});
