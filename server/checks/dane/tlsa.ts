import { createHash, X509Certificate } from 'node:crypto';

// Matching TLSA records against a presented chain (RFC 6698 §2.1, with the SMTP rules of RFC 7672 §3.1 and
// the operational rules of RFC 7671). Usage 3 DANE-EE matches the leaf and ignores names and dates;
// usage 2 DANE-TA matches an issuer the server sent, the chain below it must verify and the leaf must carry
// the MX host name; usages 0 and 1 (PKIX-TA/EE) are unusable for SMTP (RFC 7672 §3.1.3).

export type TlsaData = { usage: number; selector: number; matchingType: number; data: string };

export type TlsaVerdict =
  | { usable: false; reason: 'pkix_usage' | 'unknown_usage' | 'unknown_selector' | 'unknown_matching_type' }
  | { usable: true; matches: boolean; matchedDepth: number | null };

/** The bytes a selector designates: 0 the whole certificate, 1 its SubjectPublicKeyInfo (RFC 6698 §2.1.2). */
export function selectedBytes(der: Buffer, selector: number): Buffer {
  if (selector === 0) return der;
  return new X509Certificate(der).publicKey.export({ type: 'spki', format: 'der' });
}

/** The association data a matching type produces: 0 exact, 1 SHA-256, 2 SHA-512 (RFC 6698 §2.1.3). */
export function associationData(bytes: Buffer, matchingType: number): string {
  if (matchingType === 0) return bytes.toString('hex');
  return createHash(matchingType === 1 ? 'sha256' : 'sha512')
    .update(bytes)
    .digest('hex');
}

/** chain: leaf first (DER). `nameOk` says whether the leaf carries the reference identifier (for usage 2). */
export function matchTlsa(record: TlsaData, chain: Buffer[], nameOk: boolean): TlsaVerdict {
  if (record.usage === 0 || record.usage === 1) return { usable: false, reason: 'pkix_usage' };
  if (record.usage !== 2 && record.usage !== 3) return { usable: false, reason: 'unknown_usage' };
  if (record.selector !== 0 && record.selector !== 1) return { usable: false, reason: 'unknown_selector' };
  if (![0, 1, 2].includes(record.matchingType)) return { usable: false, reason: 'unknown_matching_type' };
  const wanted = record.data.toLowerCase();
  const matchesAt = (depth: number) =>
    associationData(selectedBytes(chain[depth], record.selector), record.matchingType) === wanted;
  if (record.usage === 3) {
    const ok = chain.length > 0 && matchesAt(0);
    return { usable: true, matches: ok, matchedDepth: ok ? 0 : null };
  }
  for (let depth = 1; depth < chain.length; depth++) {
    if (matchesAt(depth) && chainVerifies(chain.slice(0, depth + 1)) && nameOk) {
      return { usable: true, matches: true, matchedDepth: depth };
    }
  }
  return { usable: true, matches: false, matchedDepth: null };
}

/** Each certificate is issued and signed by the next one. */
function chainVerifies(chain: Buffer[]): boolean {
  const certs = chain.map((der) => new X509Certificate(der));
  for (let i = 0; i + 1 < certs.length; i++) {
    if (!certs[i].checkIssued(certs[i + 1]) || !certs[i].verify(certs[i + 1].publicKey)) return false;
  }
  return true;
}
