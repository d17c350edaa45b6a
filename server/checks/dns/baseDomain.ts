import { getDomain } from 'tldts';

// The registrable ("organizational", RFC 7489 §3.2) domain by the Public Suffix List, private section
// included, as receivers compute it. A name that is itself a public suffix is its own base.
export function baseDomainOf(domain: string): string {
  return getDomain(domain, { allowPrivateDomains: true }) ?? domain;
}
