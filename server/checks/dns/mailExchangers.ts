import { isIP } from 'node:net';
import { isDnsFailure, type Resolver } from '../dnsTypes';
import { scoreByPenalties } from '../score/penalties';
import { sortWarnings, warn, type CheckWarning } from '../score/warning';
import { hostAddresses } from './hostAddresses';
import type { MxHost, MxSection } from './types';

// MX checks: the exchanges by preference, each resolved. RFC 5321 §5.1: an exchange is a host name, never
// an address literal, and must not be an alias (RFC 2181 §10.3). RFC 7505: a single "MX 0 ." says the
// domain accepts no mail, and must not be published beside other MX records.

// MX rubric: start at 100; a null MX alone is a deliberate, valid answer (100).
export const mxRubric = {
  penalties: {
    mx_none: 60,
    null_mx_mixed: 50,
    null_mx_preference: 10,
    mx_ip_literal: 40,
    mx_unresolvable: 40,
    mx_cname: 15,
    dns_error: 30,
  },
  maxTimes: { mx_ip_literal: 2, mx_unresolvable: 2, mx_cname: 2 },
};

export type MxLookup = {
  records: { preference: number; exchange: string }[];
  rcode: string;
  failed: boolean;
};

export async function lookupMx(resolver: Resolver, domain: string): Promise<MxLookup> {
  const ans = await resolver.query(domain, 'MX');
  const records = ans.answers
    .flatMap((r) =>
      r.type === 'MX' ? [{ preference: r.preference, exchange: r.exchange.toLowerCase() }] : [],
    )
    .sort((a, b) => a.preference - b.preference || a.exchange.localeCompare(b.exchange));
  return { records, rcode: ans.rcode, failed: isDnsFailure(ans) };
}

const isRoot = (exchange: string) => exchange === '.' || exchange === '';
const looksLikeAddress = (s: string) => isIP(s.replace(/^\[|\]$/g, '')) !== 0;

export async function checkMailExchangers(resolver: Resolver, domain: string): Promise<MxSection> {
  const warnings: CheckWarning[] = [];
  const mx = await lookupMx(resolver, domain);
  const done = (hosts: MxHost[], nullMx: boolean, score?: number): MxSection => ({
    hosts,
    nullMx,
    warnings: sortWarnings(warnings),
    score: score ?? scoreByPenalties(warnings, mxRubric),
  });
  if (mx.failed) {
    warnings.push(
      warn('dns_error', 'error', `The MX lookup for ${domain} failed (${mx.rcode}).`, undefined, {
        context: 'dns_mx',
        domain,
        rcode: mx.rcode,
      }),
    );
    return done([], false, 0);
  }
  if (mx.rcode === 'NXDOMAIN') {
    warnings.push(warn('domain_not_found', 'error', `${domain} does not exist.`, undefined, { domain }));
    return done([], false, 0);
  }
  if (mx.records.length === 0) {
    const fallback = await hostAddresses(resolver, domain);
    const msg = fallback.addresses.length
      ? `No MX records: mail goes to the domain's own address (implicit MX, RFC 5321 §5.1). Publish MX records, or a null MX (RFC 7505) if ${domain} receives no mail.`
      : `No MX records and no address: ${domain} cannot receive mail. Publish a null MX (RFC 7505) if that is intended.`;
    warnings.push(
      warn('mx_none', fallback.addresses.length ? 'warning' : 'error', msg, undefined, {
        context: fallback.addresses.length ? 'implicit' : 'unreachable',
        domain,
      }),
    );
    return done([], false);
  }

  const nulls = mx.records.filter((r) => isRoot(r.exchange));
  if (nulls.length) {
    if (nulls.length !== mx.records.length) {
      warnings.push(
        warn(
          'null_mx_mixed',
          'error',
          'A null MX (".") is published beside other MX records; RFC 7505 §3 forbids that and senders may ignore it.',
        ),
      );
    } else {
      if (nulls.some((r) => r.preference !== 0)) {
        warnings.push(
          warn('null_mx_preference', 'warning', 'A null MX should have preference 0 (RFC 7505 §3).'),
        );
      }
      warnings.push(
        warn('null_mx', 'info', `${domain} publishes a null MX (RFC 7505): it accepts no mail.`, undefined, {
          context: 'dns',
          domain,
        }),
      );
      return done(
        nulls.map((r) => ({ hostname: '.', preference: r.preference, addresses: [], cname: null })),
        true,
      );
    }
  }

  const hosts = await Promise.all(
    mx.records
      .filter((r) => !isRoot(r.exchange))
      .map(async ({ preference, exchange }): Promise<MxHost> => {
        if (looksLikeAddress(exchange)) {
          warnings.push(
            warn(
              'mx_ip_literal',
              'error',
              `MX ${exchange} is an IP address; an MX must name a host (RFC 5321 §5.1).`,
              exchange,
              { host: exchange },
            ),
          );
          return { hostname: exchange, preference, addresses: [], cname: null };
        }
        const addr = await hostAddresses(resolver, exchange);
        if (addr.cname) {
          warnings.push(
            warn(
              'mx_cname',
              'warning',
              `MX ${exchange} is an alias of ${addr.cname}; an MX must not point at a CNAME (RFC 2181 §10.3, RFC 5321 §5.1).`,
              exchange,
              { host: exchange, target: addr.cname },
            ),
          );
        }
        if (addr.addresses.length === 0) {
          const why = addr.failed
            ? 'the address lookup failed'
            : addr.nxdomain
              ? 'the name does not exist'
              : 'it has no A or AAAA record';
          warnings.push(
            warn('mx_unresolvable', 'error', `MX ${exchange} cannot be reached: ${why}.`, exchange, {
              context: addr.failed ? 'failed' : addr.nxdomain ? 'nxdomain' : 'no_address',
              host: exchange,
            }),
          );
        }
        return { hostname: exchange, preference, addresses: addr.addresses, cname: addr.cname };
      }),
  );
  const usable = hosts.filter((h) => h.addresses.length > 0);
  return done(hosts, false, usable.length === 0 ? 0 : undefined);
}
