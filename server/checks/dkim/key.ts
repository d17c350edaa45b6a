import { createPublicKey } from 'node:crypto';

// Key type and length of a DKIM public key. RSA (RFC 6376 §3.6.1): p= is a DER SubjectPublicKeyInfo; some
// signers publish a bare PKCS#1 RSAPublicKey, which verifiers also accept, so both are read. Ed25519
// (RFC 8463 §4.2): p= is the raw 32-octet public key, wrapped here in an SPKI header to validate it.

export type KeyInfo = { ok: true; type: 'rsa' | 'ed25519'; bits: number } | { ok: false; error: string };

// SEQUENCE { SEQUENCE { OID 1.3.101.112 } BIT STRING (33 octets) } (RFC 8410 §4).
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function keyInfo(keyType: string, publicKey: string): KeyInfo {
  if (!BASE64.test(publicKey)) return { ok: false, error: 'p= is not valid base64.' };
  const der = Buffer.from(publicKey, 'base64');
  if (keyType === 'ed25519') {
    if (der.length !== 32) {
      return { ok: false, error: `An Ed25519 key is 32 octets; p= holds ${der.length}.` };
    }
    try {
      createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, der]), format: 'der', type: 'spki' });
      return { ok: true, type: 'ed25519', bits: 256 };
    } catch {
      return { ok: false, error: 'p= is not a valid Ed25519 public key.' };
    }
  }
  if (keyType !== 'rsa') return { ok: false, error: `Unknown key type k=${keyType}.` };
  for (const type of ['spki', 'pkcs1'] as const) {
    try {
      const key = createPublicKey({ key: der, format: 'der', type });
      const bits = key.asymmetricKeyDetails?.modulusLength;
      if (key.asymmetricKeyType === 'rsa' && bits) return { ok: true, type: 'rsa', bits };
    } catch {
      // try the next encoding
    }
  }
  return { ok: false, error: 'p= is not a valid RSA public key.' };
}
