import { isDnsFailure, type DnsServerAddress, type Resolver } from '../dnsTypes';
import { scoreByPenalties } from '../score/penalties';
import { sortWarnings, warn, type CheckWarning } from '../score/warning';
import { targetRefusal } from '../targets';
import { hostAddresses } from './hostAddresses';
import type { NameServer, NsSection } from './types';

// NS checks: the zone's name servers, each resolved and asked directly (recursion off) for the zone's SOA.
// A server that answers without the AA bit or without the SOA is lame (RFC 1912 §2.8); one that does not
// answer at all is unreachable. RFC 1034 §4.1 asks for at least two servers; RFC 2181 §10.3 forbids an
// NS target that is an alias.

export type NameServerOptions = {
  /** Where to send a direct query for a server address (port 53 outside tests). */
  target?: (address: string) => DnsServerAddress;
  timeoutMs?: number;
  /** Ask servers on private and reserved addresses too (CHECKS_ALLOW_PRIVATE_TARGETS). */
  allowPrivateTargets?: boolean;
};

// NS rubric: start at 100 (no NS set found at all: 0).
export const nsRubric = {
  penalties: {
    ns_unresolvable: 30,
    ns_lame: 30,
    ns_no_response: 25,
    ns_too_few: 20,
    ns_cname: 10,
    ns_serial_mismatch: 10,
    dns_error: 20,
    private_address: 30,
  },
  maxTimes: { ns_unresolvable: 2, ns_lame: 2, ns_no_response: 2, private_address: 2 },
};

const norm = (n: string) => n.toLowerCase().replace(/\.$/, '');

/** The NS set at the domain, or at the closest enclosing zone cut when the domain is not a zone apex. */
async function findZone(resolver: Resolver, domain: string) {
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const zone = labels.slice(i).join('.');
    const ans = await resolver.query(zone, 'NS');
    const hosts = ans.answers.flatMap((r) => (r.type === 'NS' ? [norm(r.target)] : []));
    if (hosts.length) return { zone, hosts, rcode: ans.rcode, failed: false };
    if (i === 0 && ans.rcode === 'NXDOMAIN') return { zone, hosts, rcode: ans.rcode, failed: false };
    if (isDnsFailure(ans)) return { zone, hosts, rcode: ans.rcode, failed: true };
  }
  return { zone: domain, hosts: [] as string[], rcode: 'NOERROR', failed: false };
}

export async function checkNameServers(
  resolver: Resolver,
  domain: string,
  options: NameServerOptions = {},
): Promise<NsSection> {
  const target = options.target ?? ((address: string) => ({ host: address, port: 53 }));
  const warnings: CheckWarning[] = [];
  const found = await findZone(resolver, domain);
  const section = (servers: NameServer[], score: number): NsSection => ({
    zone: found.zone,
    hostnames: [...found.hosts].sort(),
    servers,
    warnings: sortWarnings(warnings),
    score,
  });
  if (found.failed) {
    warnings.push(
      warn('dns_error', 'error', `The NS lookup for ${found.zone} failed (${found.rcode}).`, undefined, {
        context: 'dns_ns',
        domain: found.zone,
        rcode: found.rcode,
      }),
    );
    return section([], 0);
  }
  if (found.hosts.length === 0) {
    const why =
      found.rcode === 'NXDOMAIN' ? `${domain} does not exist.` : `No NS records found for ${domain}.`;
    warnings.push(
      found.rcode === 'NXDOMAIN'
        ? warn('domain_not_found', 'error', why, undefined, { domain })
        : warn('ns_none', 'error', why, undefined, { domain }),
    );
    return section([], 0);
  }
  if (found.zone !== domain) {
    warnings.push(
      warn(
        'not_zone_apex',
        'info',
        `${domain} is not a zone apex; the name servers of ${found.zone} serve it.`,
        undefined,
        { domain, zone: found.zone },
      ),
    );
  }
  if (found.hosts.length < 2) {
    warnings.push(
      warn(
        'ns_too_few',
        'warning',
        `Only one name server; RFC 1034 §4.1 asks for at least two.`,
        found.hosts[0],
      ),
    );
  }

  const servers = await Promise.all(
    [...found.hosts].sort().map(async (hostname): Promise<NameServer> => {
      const addr = await hostAddresses(resolver, hostname);
      if (addr.cname) {
        warnings.push(
          warn(
            'ns_cname',
            'warning',
            `${hostname} is an alias (CNAME); NS targets must not be (RFC 2181 §10.3).`,
            hostname,
            { host: hostname },
          ),
        );
      }
      if (addr.addresses.length === 0) {
        const why = addr.failed ? 'its address lookup failed' : 'it has no A or AAAA record';
        warnings.push(
          warn('ns_unresolvable', 'error', `Name server ${hostname} cannot be used: ${why}.`, hostname, {
            context: addr.failed ? 'failed' : 'no_address',
            host: hostname,
          }),
        );
        return { hostname, addresses: [], answers: [] };
      }
      // IPv6 is asked only when there is no IPv4: this host may have no IPv6 route.
      const ask = addr.ipv4.length ? addr.ipv4 : addr.addresses;
      const answers = await Promise.all(
        ask.map(async (address) => {
          const refusal = targetRefusal(hostname, address, options.allowPrivateTargets);
          if (refusal) {
            warnings.push(refusal);
            return { address, status: 'not_connected' as const, serial: null };
          }
          const soa = await resolver.query(found.zone, 'SOA', {
            recursion: false,
            server: target(address),
            timeoutMs: options.timeoutMs ?? 1500,
            tries: 2,
          });
          const record = soa.answers.find((r) => r.type === 'SOA');
          if (soa.timedOut) return { address, status: 'no_response' as const, serial: null };
          if (soa.rcode !== 'NOERROR' || !soa.aa || !record || record.type !== 'SOA') {
            return { address, status: 'lame' as const, serial: null };
          }
          return { address, status: 'authoritative' as const, serial: record.serial };
        }),
      );
      for (const a of answers) {
        if (a.status === 'lame') {
          warnings.push(
            warn(
              'ns_lame',
              'error',
              `Name server ${hostname} (${a.address}) does not answer authoritatively for ${found.zone}.`,
              hostname,
              { host: hostname, address: a.address, zone: found.zone },
            ),
          );
        } else if (a.status === 'no_response') {
          warnings.push(
            warn(
              'ns_no_response',
              'error',
              `Name server ${hostname} (${a.address}) did not answer.`,
              hostname,
              { host: hostname, address: a.address },
            ),
          );
        }
      }
      return { hostname, addresses: addr.addresses, answers };
    }),
  );

  const serials = new Set(
    servers.flatMap((s) => s.answers.flatMap((a) => (a.serial === null ? [] : [a.serial]))),
  );
  if (serials.size > 1) {
    warnings.push(
      warn(
        'ns_serial_mismatch',
        'warning',
        `The name servers serve different SOA serials (${[...serials].join(', ')}): a secondary may be out of date.`,
        undefined,
        { serials: [...serials].join(', ') },
      ),
    );
  }
  return section(servers, scoreByPenalties(warnings, nsRubric));
}
