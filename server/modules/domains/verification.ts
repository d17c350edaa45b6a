import { baseDomainOf } from '../../checks/dns/baseDomain';
import { isDnsFailure, type Resolver } from '../../checks/dnsTypes';
import { parseDestinations } from '../../checks/dmarc/destinations';
import { discoverDmarc } from '../../checks/dmarc/discovery';
import { parseDmarcRecord } from '../../checks/dmarc/parse';
import { reportAddress, slugOfAddress, type ReportAddressing } from '../../mail/report-address';

// How an organization proves it controls a domain's DNS (docs/PERMISSIONS.md, "Domain ownership"), either:
// - the domain's DMARC record (found as receivers find it, RFC 9989 section 4.10, but no higher than the
//   organizational domain) lists the organization's own report address in rua: the address is random and
//   shown only to the organization, so whoever published it got it from the organization; or
// - a TXT record "msas-verify=<token>" at _msas-verify.<domain>, the token random per domain row.

export type Proof = 'dmarc' | 'txt';
/** proof null and dnsFailed: the lookups failed (timeout, SERVFAIL), so nothing is concluded. */
export type ProofOutcome = { proof: Proof | null; dnsFailed: boolean };

export const txtRecordName = (domain: string) => `_msas-verify.${domain}`;
export const txtRecordValue = (token: string) => `msas-verify=${token}`;

/** What the console shows on a domain's row: the records that verify it. */
export function recordsToPublish(domain: string, token: string, slug: string, addressing: ReportAddressing) {
  const address = reportAddress(slug, addressing);
  return {
    report_address: address,
    report_address_receives_mail: addressing.receivesMail === true,
    dmarc_rua: `mailto:${address}`,
    txt_name: txtRecordName(domain),
    txt_value: txtRecordValue(token),
  };
}

export async function findProof(
  resolver: Resolver,
  domain: { name: string; token: string; slug: string },
  addressing: ReportAddressing,
): Promise<ProofOutcome> {
  const [txt, dmarc] = await Promise.all([
    resolver.query(txtRecordName(domain.name), 'TXT'),
    discoverDmarc(resolver, domain.name),
  ]);
  const wanted = txtRecordValue(domain.token);
  if (txt.answers.some((r) => r.type === 'TXT' && r.text.trim() === wanted))
    return { proof: 'txt', dnsFailed: false };
  if (
    dmarc.kind === 'found' &&
    atOrBelowOrganizationalDomain(dmarc.location, domain.name) &&
    ruaNames(dmarc.record, domain.slug, addressing)
  )
    return { proof: 'dmarc', dnsFailed: false };
  return { proof: null, dnsFailed: isDnsFailure(txt) || dmarc.kind === 'temperror' };
}

// A record published at a public suffix (the tree walk goes that high) proves nothing about one domain.
function atOrBelowOrganizationalDomain(location: string, domain: string): boolean {
  const base = baseDomainOf(domain);
  return location === domain || (domain.endsWith(`.${location}`) && location.endsWith(base));
}

function ruaNames(record: string, slug: string, addressing: ReportAddressing): boolean {
  const rua = parseDmarcRecord(record).explicit.rua;
  if (!rua) return false;
  return parseDestinations('rua', rua, []).some(
    (d) => d.address !== null && slugOfAddress(d.address, addressing) === slug,
  );
}
