import { domainToASCII } from 'node:url';
import { parse } from 'tldts';

import type { ErrorCode } from '../../lib/errors';

const invalidDomain = 'domain_invalid';
const trailingDot = 'domain_trailing_dot';
const notRegistrable = 'domain_not_registrable';

export type DomainName = { ok: true; name: string } | { ok: false; message: ErrorCode };

// A domain as stored: IDN converted to its A-label form (RFC 5891 via WHATWG domainToASCII), lower-cased,
// no trailing dot, LDH labels of at most 63 octets and 253 in all (RFC 1035 section 2.3.4), and under a
// public suffix with a registrable part (Public Suffix List through tldts).
export function normaliseDomainName(input: string): DomainName {
  const trimmed = input.trim();
  if (trimmed.endsWith('.')) return { ok: false, message: trailingDot };
  if (!trimmed || /[\s/:@]/.test(trimmed)) return { ok: false, message: invalidDomain };
  const ascii = domainToASCII(trimmed.toLowerCase());
  if (!ascii || ascii.length > 253) return { ok: false, message: invalidDomain };
  const labels = ascii.split('.');
  if (labels.some((l) => l.length === 0 || l.length > 63 || !/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(l)))
    return { ok: false, message: invalidDomain };
  const parsed = parse(ascii, { allowPrivateDomains: true });
  if (parsed.isIp) return { ok: false, message: invalidDomain };
  if (!parsed.publicSuffix || !parsed.domain || (!parsed.isIcann && !parsed.isPrivate))
    return { ok: false, message: notRegistrable };
  return { ok: true, name: ascii };
}
