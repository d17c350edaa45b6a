import { newRecoveryCodes, recoveryCodeHmac } from './recovery-codes';

describe('recovery codes', () => {
  it('are ten distinct xxxxx-xxxxx codes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  });

  it('hash the same however they are typed, and differently per key', () => {
    const key = Buffer.alloc(32, 9);
    const h = recoveryCodeHmac(key, 'abcde-fghjk');
    expect(recoveryCodeHmac(key, ' ABCDE FGHJK ')).toBe(h);
    expect(recoveryCodeHmac(key, 'abcdefghjk')).toBe(h);
    expect(recoveryCodeHmac(Buffer.alloc(32, 8), 'abcde-fghjk')).not.toBe(h);
  });
});
