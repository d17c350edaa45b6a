import { describe, expect, it } from 'vitest';
import { summaryOf } from './summary';

describe('summaryOf', () => {
  it('reads the DMARC policy, pct and whether rua is set', () => {
    const result = {
      record: 'v=DMARC1; p=reject; rua=mailto:d@example.com',
      policy: 'reject',
      tags: { p: { value: 'reject' }, pct: { value: '50' }, rua: { value: 'mailto:d@example.com' } },
    };
    expect(summaryOf('dmarc', result)).toEqual({ policy: 'reject', pct: 50, rua: true });
    expect(summaryOf('dmarc', null)).toEqual({ policy: null, pct: null, rua: false });
  });

  it('reads SPF lookups and the all mechanism', () => {
    expect(summaryOf('spf', { record: 'v=spf1 mx include:x.test ~all', dns_lookups: 2 })).toEqual({
      lookups: 2,
      all: '~all',
    });
  });

  it('counts DKIM selectors found and weak RSA keys', () => {
    const selectors = [
      { found: true, key_type: 'rsa', key_bits: 1024 },
      { found: true, key_type: 'ed25519', key_bits: 256 },
      { found: false, key_type: null, key_bits: null },
    ];
    expect(summaryOf('dkim', { selectors })).toEqual({ selectors: 2, weak: 1 });
  });

  it('reads SMTP hosts with STARTTLS, the MTA-STS mode, DNSSEC status and TLS sessions', () => {
    expect(summaryOf('smtp', { hosts: [{ start_tls: true }, { start_tls: false }] })).toEqual({
      mx: 2,
      starttls: 1,
    });
    expect(summaryOf('mta-sts', { policy: { info: { mode: 'enforce' } } })).toEqual({ mode: 'enforce' });
    expect(summaryOf('dnssec', { status: 'secure' })).toEqual({ status: 'secure' });
    expect(
      summaryOf(
        'tls',
        { policy: { rua: [{ uri: 'mailto:t@x.test' }] } },
        { reports: 2, success: 9, failed: 3 },
      ),
    ).toEqual({ rua: true, reports: 2, sessions_success: 9, sessions_failed: 3 });
  });
});
