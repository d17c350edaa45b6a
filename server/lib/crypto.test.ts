import { randomBytes } from 'node:crypto';
import {
  decryptSecret,
  encryptSecret,
  hmacHex,
  randomReadable,
  randomToken,
  safeEqual,
  sha256Hex,
} from './crypto';

describe('secret encryption (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips and never repeats a ciphertext', () => {
    const a = encryptSecret(key, 'JBSWY3DPEHPK3PXP');
    const b = encryptSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(key, a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a tampered ciphertext or the wrong key', () => {
    const stored = encryptSecret(key, 'secret');
    const parts = stored.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    const tampered = [...parts.slice(0, 3), data.toString('base64url')].join('.');
    expect(() => decryptSecret(key, tampered)).toThrow();
    expect(() => decryptSecret(randomBytes(32), stored)).toThrow();
    expect(() => decryptSecret(key, 'v0.x.y.z')).toThrow('Unknown encrypted secret format');
  });
});

describe('hashes and random values', () => {
  it('sha256Hex matches the known vector', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hmacHex depends on the key', () => {
    expect(hmacHex(Buffer.alloc(32, 1), 'x')).not.toBe(hmacHex(Buffer.alloc(32, 2), 'x'));
    expect(hmacHex(Buffer.alloc(32, 1), 'x')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('randomToken of 32 bytes is 43 base64url characters; randomReadable avoids look-alikes', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const readable = randomReadable(200);
    expect(readable).toHaveLength(200);
    expect(readable).not.toMatch(/[01OolI]/);
  });

  it('safeEqual compares by value', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
