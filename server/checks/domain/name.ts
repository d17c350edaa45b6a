import { domainToASCII } from 'node:url';

// The domain a user typed, made into the A-label form DNS uses: trimmed, lower-cased, trailing dot
// dropped, internationalized labels converted to punycode (IDNA, RFC 5891) by the WHATWG URL rules.

export type DomainInput = { ok: true; domain: string } | { ok: false; error: typeof invalidDomainMessage };

// The errors catalogue's code (locales/en/errors.json) for a name that is not a domain.
export const invalidDomainMessage = 'domain_invalid';

// RFC 1123 §2.1 host name labels (letters, digits, hyphens; not starting or ending with a hyphen).
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A domain as typed, in A-label form, or why it is not one. `underscores` also takes the underscored
 * labels of attribute names (RFC 8552: _dmarc, _spf, _smtp._tls), which checks may be asked about.
 */
export function normalizeDomain(input: string, underscores = false): DomainInput {
  let raw = input.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    // Someone pasted a URL: take its host, as the user clearly meant.
    try {
      raw = new URL(raw).hostname;
    } catch {
      return { ok: false, error: invalidDomainMessage };
    }
  }
  raw = raw.replace(/\.$/, '');
  if (raw === '' || /[\s/@:]/.test(raw)) return { ok: false, error: invalidDomainMessage };
  const ascii = domainToASCII(raw).toLowerCase();
  if (!ascii || Buffer.byteLength(ascii) > 253) return { ok: false, error: invalidDomainMessage };
  const labels = ascii.split('.');
  const legal = (l: string) => LABEL.test(underscores ? l.replace(/^_/, '').replace(/_/g, 'a') : l);
  if (labels.length < 2 || !labels.every(legal)) {
    return { ok: false, error: invalidDomainMessage };
  }
  // An all-numeric last label is an IP address or nonsense, never a domain (RFC 3696 §2).
  if (/^\d+$/.test(labels[labels.length - 1])) return { ok: false, error: invalidDomainMessage };
  return { ok: true, domain: ascii };
}
