import { domainToASCII } from 'node:url';
import { isDnsFailure, type Resolver } from '../dnsTypes';
import { baseDomainOf } from '../dns/baseDomain';
import { lookupMx } from '../dns/mailExchangers';
import { warn, type CheckWarning } from '../score/warning';
import { isDmarcRecord } from './parse';

// The rua/ruf report destinations. A destination whose organizational domain differs from the policy
// domain's must publish "<policy-domain>._report._dmarc.<destination-domain> TXT v=DMARC1" to accept
// the reports (RFC 7489 §7.1, RFC 9990 §4); receivers drop the others. A mailto: destination whose
// domain has no MX (or a null MX) cannot receive them.

export type ReportDestination = {
  tag: 'rua' | 'ruf';
  uri: string;
  scheme: string;
  address: string | null;
  domain: string | null;
  /** The size limit suffix ("!10m") of RFC 7489 §6.2, dropped by RFC 9989. */
  sizeLimit: string | null;
  external: boolean;
  /** null when not external, not a mailto: or when the lookup failed. */
  authorized: boolean | null;
  hasMx: boolean | null;
};

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

type Parsed = Omit<ReportDestination, 'external' | 'authorized' | 'hasMx'>;

export function parseDestinations(tag: 'rua' | 'ruf', value: string, out: CheckWarning[]): Parsed[] {
  const list: Parsed[] = [];
  for (const item of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([a-z][a-z0-9+.-]*):(.+?)(?:!(\d+[kmgt]?))?$/i.exec(item);
    if (!m) {
      out.push(
        warn(
          'invalid_uri',
          'warning',
          `${tag}: "${item}" is not a URI (expected e.g. mailto:reports@example.com).`,
          item,
          { context: 'dmarc', tag, uri: item },
        ),
      );
      continue;
    }
    const scheme = m[1].toLowerCase();
    const sizeLimit = m[3] ?? null;
    if (sizeLimit) {
      out.push(
        warn(
          'size_limit',
          'info',
          `${tag}: the size limit "!${sizeLimit}" was dropped by RFC 9989 and may be ignored.`,
          item,
          { tag, limit: sizeLimit },
        ),
      );
    }
    if (scheme !== 'mailto') {
      out.push(
        warn(
          'uri_scheme',
          'warning',
          `${tag}: receivers are only required to support mailto: URIs; "${item}" may get no reports.`,
          item,
          { tag, uri: item },
        ),
      );
      list.push({ tag, uri: item, scheme, address: null, domain: null, sizeLimit });
      continue;
    }
    const address = safeDecode(m[2]).trim();
    const at = address.lastIndexOf('@');
    const domain = at > 0 ? domainToASCII(address.slice(at + 1).replace(/\.$/, '')).toLowerCase() : '';
    if (!domain || !domain.includes('.')) {
      out.push(
        warn('invalid_uri', 'warning', `${tag}: "${item}" is not a valid mailto: address.`, item, {
          context: 'dmarc_mailto',
          tag,
          uri: item,
        }),
      );
      continue;
    }
    list.push({ tag, uri: item, scheme, address, domain, sizeLimit });
  }
  return list;
}

export async function checkDestinations(
  resolver: Resolver,
  policyDomain: string,
  parsed: Parsed[],
  out: CheckWarning[],
): Promise<ReportDestination[]> {
  const org = baseDomainOf(policyDomain);
  const domains = [...new Set(parsed.flatMap((d) => (d.domain ? [d.domain] : [])))];
  const facts = new Map(
    await Promise.all(
      domains.map(async (domain) => {
        const external = baseDomainOf(domain) !== org;
        const [auth, mx] = await Promise.all([
          external ? resolver.query(`${policyDomain}._report._dmarc.${domain}`, 'TXT') : null,
          lookupMx(resolver, domain),
        ]);
        let authorized: boolean | null = null;
        if (auth && !isDnsFailure(auth)) {
          authorized = auth.answers.some((r) => r.type === 'TXT' && isDmarcRecord(r.text));
        }
        const nullMx =
          mx.records.length > 0 && mx.records.every((r) => r.exchange === '.' || r.exchange === '');
        const hasMx = mx.failed ? null : mx.records.length > 0 && !nullMx;
        if (external && authorized === false) {
          out.push(
            warn(
              'external_unauthorized',
              'warning',
              `${domain} is outside ${org} and does not publish ${policyDomain}._report._dmarc.${domain} TXT "v=DMARC1": receivers will not send it reports (RFC 7489 §7.1).`,
              domain,
              { domain, org, policyDomain },
            ),
          );
        } else if (external && auth && authorized === null) {
          out.push(
            warn(
              'dns_error',
              'warning',
              `Could not check the report authorization record at ${domain} (${auth.rcode}).`,
              domain,
              { context: 'dmarc_authorization', domain, rcode: auth.rcode },
            ),
          );
        }
        if (hasMx === false) {
          const why = nullMx ? 'publishes a null MX' : 'has no MX record';
          out.push(
            warn(
              'destination_no_mx',
              'warning',
              `Report destination domain ${domain} ${why}: reports sent there cannot be delivered.`,
              domain,
              { context: nullMx ? 'dmarc_null_mx' : 'dmarc', domain },
            ),
          );
        }
        return [domain, { external, authorized, hasMx }] as const;
      }),
    ),
  );
  return parsed.map((d) => {
    const f = d.domain ? facts.get(d.domain) : undefined;
    return {
      ...d,
      external: f?.external ?? false,
      authorized: f?.authorized ?? null,
      hasMx: f?.hasMx ?? null,
    };
  });
}
