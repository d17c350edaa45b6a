import { generate } from 'otplib';
import { newTotpSecret, timeStep, totpUri, verifyTotp } from './totp';

describe('TOTP', () => {
  const secret = newTotpSecret();
  const now = new Date('2026-03-01T10:00:10Z');
  const at = (offsetSteps: number) =>
    generate({ secret, epoch: Math.floor(now.getTime() / 1000) + offsetSteps * 30 });

  it('accepts the current code and one step of drift either way, reporting the step', async () => {
    expect(await verifyTotp(secret, await at(0), now, null)).toEqual({ valid: true, step: timeStep(now) });
    expect((await verifyTotp(secret, await at(-1), now, null)).step).toBe(timeStep(now) - 1);
    expect((await verifyTotp(secret, await at(1), now, null)).valid).toBe(true);
    expect((await verifyTotp(secret, await at(3), now, null)).valid).toBe(false);
  });

  it('refuses a code of a step already used (replay), and malformed codes', async () => {
    const code = await at(0);
    expect((await verifyTotp(secret, code, now, timeStep(now))).valid).toBe(false);
    expect((await verifyTotp(secret, code.slice(0, 3) + ' ' + code.slice(3), now, null)).valid).toBe(true);
    expect((await verifyTotp(secret, 'abcdef', now, null)).valid).toBe(false);
    expect((await verifyTotp(secret, '12345', now, null)).valid).toBe(false);
  });

  it('builds the otpauth:// URI with issuer and account', () => {
    const uri = totpUri(secret, 'ann@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\/msas:ann%40example\.com\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=msas');
  });
});
