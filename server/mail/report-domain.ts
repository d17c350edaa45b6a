import { isIP } from 'node:net';
import type { ReportAddressing } from './report-address';

// Whether the report address can receive mail from the internet, and the records its domain needs.

// Names no public MX answers for: RFC 6761 section 6 (localhost, invalid, test, example), RFC 2606
// (example.com/net/org), RFC 6762 (local), RFC 8375 (home.arpa), and the private-use "internal".
const specialUse = ['localhost', 'local', 'test', 'example', 'invalid', 'internal', 'home.arpa'];
const documentation = ['example.com', 'example.net', 'example.org'];

/** A DNS name the internet can deliver to: dotted, not an IP literal, not a special-use name. */
export function isInternetMailDomain(domain: string): boolean {
  const name = domain.toLowerCase().replace(/\.$/, '');
  if (!name.includes('.') || isIP(name.replace(/^\[|\]$/g, '')) !== 0) return false;
  const under = (suffix: string) => name === suffix || name.endsWith(`.${suffix}`);
  return !specialUse.some(under) && !documentation.some(under);
}

/**
 * Receivable when the operator named the domain (REPORT_ADDRESS_DOMAIN, or the IMAP_URL mailbox's own) and
 * the name is a public one; the PUBLIC_URL host fallback never is: nothing says its MX leads here.
 */
export function withReceivability(addressing: ReportAddressing, named: boolean): ReportAddressing {
  return { ...addressing, receivesMail: named && isInternetMailDomain(addressing.domain) };
}

export type DnsRecord = { name: string; type: 'MX' | 'TXT'; content: string };

/** The wildcard that authorises reports for every policy domain (RFC 7489 section 7.1). */
export const reportAuthorisationName = (domain: string) => `*._report._dmarc.${domain}`;

/**
 * What the report domain publishes: its MX to the host of the SMTP listener (not with plus-addressing into an
 * existing mailbox, whose domain has its MX already), and the external destination authorisation: receivers
 * send reports for <policy-domain> to another domain only when <policy-domain>._report._dmarc.<report-domain>
 * holds "v=DMARC1" (RFC 7489 section 7.1); one wildcard covers every organization's domains.
 */
export function reportDomainRecords(addressing: ReportAddressing): DnsRecord[] {
  if (!addressing.receivesMail) return [];
  const records: DnsRecord[] = [];
  if (!addressing.prefix && addressing.mxHost)
    records.push({ name: addressing.domain, type: 'MX', content: `10 ${addressing.mxHost}.` });
  records.push({ name: reportAuthorisationName(addressing.domain), type: 'TXT', content: '"v=DMARC1"' });
  return records;
}
