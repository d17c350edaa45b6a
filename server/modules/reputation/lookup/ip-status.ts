import type { AppContext } from '../../../context';
import { parseIp } from '../../../checks/dnsbl/reverse';
import { lookupReputation } from '../../../checks/reputation/lookup';
import { nonPublicRange } from '../../../lib/public-address';
import { reputationServices } from '../services';

// One address against the configured block lists and the reputation zone, for other areas (the alert
// sweep): the same lookups, zones, timeouts and answer cache as the IP listing page, without geo or rDNS.

export type IpBlocklistStatus = {
  ip: string;
  /** The zones of the block lists that list it. */
  listed_on: string[];
  /** Block lists that could not be asked (error, timeout). */
  failed: number;
  /** The reputation zone's level (-5 … 5), null when it has none or was not asked. */
  reputation_level: number | null;
  /** Its category label (L4, H0…), null likewise. */
  reputation: string | null;
  /** The reputation zone could not be asked (error or timeout; not "not configured"). */
  reputation_failed: boolean;
};

// Private, loopback and link-local addresses (RFC 1918, RFC 6598, RFC 4193...) are never on a public list:
// asking about them would only tell the lists' operators about our networks.
const privateKinds = /private|loopback|link-local|unique local|shared address|this network|unspecified/;

/** The range (its kind and RFC) of an address the lookups never ask about; null for one they ask about. */
export function neverLookedUp(address: string): string | null {
  const ip = parseIp(address);
  const range = ip ? nonPublicRange(ip.ip) : null;
  return range && privateKinds.test(range.kind) ? range.kind : null;
}

/** null: not an address, or a private one (not looked up). */
export async function ipBlocklistStatus(ctx: AppContext, address: string): Promise<IpBlocklistStatus | null> {
  const ip = parseIp(address);
  if (!ip || neverLookedUp(ip.ip)) return null;
  const services = reputationServices(ctx);
  const { resolver, settings } = services;
  const [results, reputation] = await Promise.all([
    services.checkBlocklists(ip),
    lookupReputation(resolver, settings.reputationZone, ip, settings.dnsblTimeoutMs),
  ]);
  const block = results.filter((r) => r.kind === 'block');
  return {
    ip: ip.ip,
    listed_on: block.filter((r) => r.status === 'listed').map((r) => r.zone),
    failed: block.filter((r) => r.status === 'error' || r.status === 'timeout').length,
    reputation_level: reputation.lookup === 'ok' ? reputation.level : null,
    reputation: reputation.lookup === 'ok' && reputation.level !== null ? reputation.label : null,
    reputation_failed: reputation.lookup === 'error' || reputation.lookup === 'timeout',
  };
}
