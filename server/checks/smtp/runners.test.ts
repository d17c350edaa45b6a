import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../domain/context';
import type { DnsAnswer, DnsRecordType, Resolver } from '../dnsTypes';
import { runDaneCheck, runSmtpCheck } from './runners';

// Counting resolver: a null MX domain, so no socket is opened; the MX question shows how often it was asked.
function nullMxResolver(): Resolver & { mxQueries: number } {
  const r = {
    mxQueries: 0,
    async query(name: string, type: DnsRecordType): Promise<DnsAnswer> {
      if (type === 'MX') r.mxQueries++;
      const answers =
        type === 'MX' ? [{ name, ttl: 60, type: 'MX' as const, preference: 0, exchange: '.' }] : [];
      return { rcode: 'NOERROR', answers, cnames: [], ad: true, aa: false, ede: [] };
    },
  };
  return r;
}

describe('runners', () => {
  it('share one SMTP probe run between the SMTP and DANE checks of a context', async () => {
    const resolver = nullMxResolver();
    const validating = nullMxResolver();
    const ctx: CheckContext = { resolver, validatingResolver: validating, smtpPort: 2525 };
    const [smtp, dane] = await Promise.all([
      runSmtpCheck('example.org', ctx),
      runDaneCheck('example.org', ctx),
    ]);
    expect(smtp.nullMx).toBe(true);
    expect(dane.warnings.map((w) => w.code)).toEqual(['null_mx']);
    expect(resolver.mxQueries).toBe(1);
    expect(validating.mxQueries).toBe(1);
  });
});
