import { warn, type CheckWarning } from '../score/warning';
import { clampScore } from './hostScores';
import type { SmtpHostResult } from './types';

// SMTP servers / TLS rubric (tlsScore, 0-100), per MX host; the domain's score is the mean over its hosts.
//   Host unreachable (no address, no connection, no banner, EHLO refused) ............. 0
//   STARTTLS not offered (mail goes in clear text, RFC 3207) ............................ 0
//   STARTTLS offered but the handshake fails ............................................ 0
//   Otherwise 100, minus:
//     protocol older than TLS 1.2 (RFC 8996 deprecates 1.0 and 1.1) ..................... 40
//     certificate expired or not yet valid ............................................... 40
//     chain not trusted by the public CAs (self-signed, unknown issuer) .................. 20
//     certificate not valid for the MX host name ......................................... 20
//     certificate expires within 14 days .................................................. 10
//   Opportunistic senders accept untrusted certificates, which is why trust and name cost less than
//   the absence of TLS; MTA-STS and DANE are the checks that make them matter.

const EXPIRY_SOON_DAYS = 14;

export function hostWarnings(r: SmtpHostResult): CheckWarning[] {
  const out: CheckWarning[] = [];
  const h = r.host;
  const failed = r.steps.find((s) => !s.ok);
  if (!r.address) {
    out.push(warn('host_unresolvable', 'error', `${h} has no IPv4 or IPv6 address.`, h, { host: h }));
    return out;
  }
  if (failed && (failed.step === 'connect' || failed.step === 'banner' || failed.step === 'ehlo')) {
    out.push(
      warn(`${failed.step}_failed`, 'error', `${failed.step} failed: ${failed.detail ?? ''}`, h, {
        host: h,
        detail: failed.detail ?? '',
      }),
    );
    return out;
  }
  if (!r.startTls) {
    out.push(
      warn('starttls_missing', 'error', `${h} does not offer STARTTLS: mail travels in clear.`, h, {
        host: h,
      }),
    );
    return out;
  }
  if (!r.tls) {
    const detail = failed?.detail ?? 'unknown error';
    out.push(warn('tls_failed', 'error', `STARTTLS failed on ${h}: ${detail}`, h, { host: h, detail }));
    return out;
  }
  const t = r.tls;
  if (t.protocol && /^(SSLv|TLSv1$|TLSv1\.1$)/.test(t.protocol)) {
    out.push(
      warn('old_protocol', 'error', `${h} negotiated ${t.protocol}; use TLS 1.2 or later.`, h, {
        host: h,
        protocol: t.protocol,
      }),
    );
  }
  if (t.expired)
    out.push(warn('cert_expired', 'error', `The certificate of ${h} is expired.`, h, { host: h }));
  else if (t.chain[0] && t.chain[0].daysLeft < EXPIRY_SOON_DAYS) {
    out.push(
      warn(
        'cert_expires_soon',
        'warning',
        `The certificate of ${h} expires in ${t.chain[0].daysLeft} days.`,
        h,
        { host: h, days: t.chain[0].daysLeft },
      ),
    );
  }
  if (!t.trusted) {
    out.push(
      warn('cert_untrusted', 'warning', `The certificate chain of ${h} is not trusted: ${t.trustError}.`, h, {
        host: h,
        detail: String(t.trustError),
      }),
    );
  }
  if (!t.nameMatches) {
    out.push(
      warn('cert_name_mismatch', 'warning', `The certificate of ${h} is not valid for that name.`, h, {
        host: h,
      }),
    );
  }
  const quit = r.steps.find((s) => s.step === 'ehlo_tls' && !s.ok);
  if (quit)
    out.push(
      warn('ehlo_tls_failed', 'warning', `EHLO after STARTTLS failed: ${quit.detail}`, h, {
        host: h,
        detail: String(quit.detail),
      }),
    );
  return out;
}

const PENALTY: Record<string, number> = {
  old_protocol: 40,
  cert_expired: 40,
  cert_untrusted: 20,
  cert_name_mismatch: 20,
  cert_expires_soon: 10,
};

export function scoreSmtpHost(r: SmtpHostResult): number {
  if (!r.tls) return 0;
  return clampScore(r.warnings.reduce((s, w) => s - (PENALTY[w.code] ?? 0), 100));
}
