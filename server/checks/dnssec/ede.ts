// Extended DNS Error codes (RFC 8914 §4 and the IANA registry) a validating resolver may attach to SERVFAIL.
const MEANINGS: Record<number, string> = {
  0: 'Other',
  1: 'Unsupported DNSKEY Algorithm',
  2: 'Unsupported DS Digest Type',
  3: 'Stale Answer',
  5: 'DNSSEC Indeterminate',
  6: 'DNSSEC Bogus',
  7: 'Signature Expired',
  8: 'Signature Not Yet Valid',
  9: 'DNSKEY Missing',
  10: 'RRSIGs Missing',
  11: 'No Zone Key Bit Set',
  12: 'NSEC Missing',
  18: 'Prohibited',
  22: 'No Reachable Authority',
  23: 'Network Error',
  27: 'Unsupported NSEC3 Iterations Value',
};

export const edeMeaning = (code: number) => MEANINGS[code] ?? `Code ${code}`;
