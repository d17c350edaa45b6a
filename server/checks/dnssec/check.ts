import type { Resolver } from '../dnsTypes';
import { lookupMxHosts } from '../smtp/mxHosts';
import { warn, type CheckWarning } from '../score/warning';
import { classifyName } from './classify';
import { scoreDnssec } from './score';
import type { DnssecNameResult, DnssecResult } from './types';

// DNSSEC of a domain and of each of its MX hosts (their address records), from a validating resolver
// (DNSSEC_RESOLVER). The MX hosts matter because DANE (RFC 7672 §2.2.2) needs them secure too.

export type DnssecCheckDeps = { resolver: Resolver; maxHosts?: number };

export async function checkDnssec(domain: string, deps: DnssecCheckDeps): Promise<DnssecResult> {
  const [details, mxLookup] = await Promise.all([
    classifyName(deps.resolver, domain, 'SOA'),
    lookupMxHosts(deps.resolver, domain, { dnssec: true }),
  ]);
  const hosts = mxLookup.hosts.slice(0, deps.maxHosts ?? 10);
  const mx = await Promise.all(hosts.map((h) => classifyName(deps.resolver, h.host, 'A')));
  const warnings = [...nameWarnings(details), ...mx.flatMap((m) => nameWarnings(m, m.name))];
  return { domain, status: details.status, details, mx, warnings, score: scoreDnssec(details, mx) };
}

function nameWarnings(r: DnssecNameResult, host?: string): CheckWarning[] {
  const who = host ?? r.name;
  const ede = r.ede.map((e) => `${e.meaning}${e.text ? `: ${e.text}` : ''}`).join('; ');
  switch (r.status) {
    case 'secure':
      return [];
    case 'bogus':
      return [
        warn(
          'dnssec_bogus',
          'error',
          `DNSSEC validation fails for ${who}${ede ? ` (${ede})` : ''}: validating resolvers answer SERVFAIL.`,
          host,
          ede ? { context: 'ede', name: who, detail: ede } : { name: who },
        ),
      ];
    case 'insecure':
      return [
        warn(
          'dnssec_insecure',
          host ? 'warning' : 'error',
          r.hasDnskey
            ? `${who} is signed but no DS record links it to its parent: the signatures are not used.`
            : `${who} is not signed with DNSSEC.`,
          host,
          { context: r.hasDnskey ? 'no_ds' : 'unsigned', name: who },
        ),
      ];
    case 'indeterminate':
      return [
        warn(
          'dnssec_indeterminate',
          'warning',
          r.rcode === 'NOERROR' || r.rcode === 'NXDOMAIN'
            ? `A DS record exists for ${who} but the resolver did not validate the answer.`
            : `The DNSSEC status of ${who} could not be determined (${r.rcode}).`,
          host,
          r.rcode === 'NOERROR' || r.rcode === 'NXDOMAIN'
            ? { context: 'not_validated', name: who }
            : { context: 'unknown', name: who, rcode: r.rcode },
        ),
      ];
  }
}
