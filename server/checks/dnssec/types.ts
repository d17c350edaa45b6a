import type { ExtendedDnsError } from '../dnsTypes';
import type { CheckWarning } from '../score/warning';

/**
 * RFC 4033 §5 / RFC 4035 §4.3 states as a validating resolver reports them:
 * secure (AD set), insecure (no chain of trust: no DS), bogus (validation failed: SERVFAIL that a CD=1 query
 * does not reproduce), indeterminate (the lookup failed, or a DS exists but the answer was not validated).
 */
export type DnssecStatus = 'secure' | 'insecure' | 'bogus' | 'indeterminate';

export type DnssecNameResult = {
  name: string;
  status: DnssecStatus;
  /** rcode of the validated (CD=0) query. */
  rcode: string;
  /** Extended DNS Errors the resolver gave with its SERVFAIL (RFC 8914), with their registry names. */
  ede: (ExtendedDnsError & { meaning: string })[];
  /** A DS record exists at the name or one of its ancestors below the TLD (signed delegation). */
  hasDs: boolean;
  /** The zone at this name publishes DNSKEY records (it is signed). */
  hasDnskey: boolean;
};

export type DnssecResult = {
  domain: string;
  /** The domain's own status (spec section 3: the DNS check result's dnssec). */
  status: DnssecStatus;
  details: DnssecNameResult;
  mx: DnssecNameResult[];
  warnings: CheckWarning[];
  /** dnssecScore of the DNS check result. */
  score: number;
};
