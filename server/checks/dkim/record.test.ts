import { describe, expect, it } from 'vitest';
import { parseKeyRecord } from './record';

describe('parseKeyRecord (RFC 6376 §3.6.1)', () => {
  it('reads every tag, with defaults for k and s, and joins a folded p=', () => {
    const r = parseKeyRecord(
      'v=DKIM1; h=sha256 : sha1; k=RSA; n=notes here; p=MIGf MA0G\r\n\tCSqG; s=email; t=y:s;',
    );
    expect(r).toEqual({
      ok: true,
      record: {
        version: 'DKIM1',
        versionNotFirst: false,
        hashes: ['sha256', 'sha1'],
        keyType: 'rsa',
        notes: 'notes here',
        publicKey: 'MIGfMA0GCSqG',
        services: ['email'],
        flags: ['y', 's'],
      },
    });
    expect(parseKeyRecord('p=abc')).toMatchObject({
      ok: true,
      record: { version: null, hashes: null, keyType: 'rsa', services: ['*'], flags: [] },
    });
  });

  it('ignores unknown tags and treats an empty p= as revoked (null key)', () => {
    expect(parseKeyRecord('v=DKIM1; x=whatever; p=')).toMatchObject({
      ok: true,
      record: { publicKey: null },
    });
  });

  it('notes a v= that is not first', () => {
    expect(parseKeyRecord('k=rsa; v=DKIM1; p=abc')).toMatchObject({
      ok: true,
      record: { versionNotFirst: true },
    });
  });

  it('rejects a missing p=, a duplicate tag and a malformed tag-list (§3.2)', () => {
    expect(parseKeyRecord('v=DKIM1; k=rsa')).toEqual({ ok: false, error: 'The required p= tag is missing.' });
    expect(parseKeyRecord('p=abc; p=def')).toEqual({ ok: false, error: 'The tag p= occurs more than once.' });
    expect(parseKeyRecord('v=DKIM1; garbage; p=abc').ok).toBe(false);
    expect(parseKeyRecord('1v=DKIM1; p=abc').ok).toBe(false);
  });
});
