import { X509Certificate } from 'node:crypto';
import tls, { type DetailedPeerCertificate } from 'node:tls';
import type { CertificateInfo } from './types';

// The chain a server presented, from Node's linked peer certificate (leaf first, issuers after, stopping at
// a self-signed certificate or where the server stopped sending).

export function peerChain(leaf: DetailedPeerCertificate | undefined): Buffer[] {
  const out: Buffer[] = [];
  const seen = new Set<string>();
  let cert: DetailedPeerCertificate | undefined = leaf;
  while (cert && cert.raw && !seen.has(cert.fingerprint256)) {
    seen.add(cert.fingerprint256);
    out.push(cert.raw);
    cert = cert.issuerCertificate;
  }
  return out;
}

const DAY_MS = 86_400_000;

export function describeCertificate(der: Buffer, now = Date.now()): CertificateInfo {
  const x = new X509Certificate(der);
  const validTo = new Date(x.validTo);
  return {
    subject: x.subject.replace(/\n/g, ', '),
    issuer: x.issuer.replace(/\n/g, ', '),
    subjectAltNames: (x.subjectAltName ?? '')
      .split(', ')
      .map((s) => s.trim())
      .filter(Boolean),
    validFrom: new Date(x.validFrom).toISOString(),
    validTo: validTo.toISOString(),
    daysLeft: Math.floor((validTo.getTime() - now) / DAY_MS),
    fingerprint256: x.fingerprint256,
    selfSigned: x.checkIssued(x) && x.verify(x.publicKey),
  };
}

/** Whether the leaf certificate is valid for the host name (RFC 6125 matching, as Node applies it). */
export function nameMatches(host: string, leaf: DetailedPeerCertificate | undefined): boolean {
  if (!leaf || !leaf.raw) return false;
  return tls.checkServerIdentity(host, leaf) === undefined;
}

export function isExpired(der: Buffer, now = Date.now()): boolean {
  const x = new X509Certificate(der);
  return new Date(x.validTo).getTime() < now || new Date(x.validFrom).getTime() > now;
}
