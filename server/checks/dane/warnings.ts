import { warn, type CheckWarning } from '../score/warning';
import type { HostDane } from './hostStatus';

// What each DANE state means for mail to that host.
export function daneWarnings(host: string, s: HostDane): CheckWarning[] {
  const name = `_25._tcp.${host}`;
  const unusable = s.records.filter((r) => !r.usable && r.reason).length;
  const out: CheckWarning[] = [];
  switch (s.status) {
    case 'valid':
      break;
    case 'mismatch':
      out.push(
        warn(
          'tlsa_mismatch',
          'error',
          `No TLSA record at ${name} matches the certificate ${host} presents: DANE senders will not deliver.`,
          host,
          { host, name },
        ),
      );
      break;
    case 'no_tlsa':
      out.push(
        warn('tlsa_missing', 'info', `${host} publishes no TLSA record: DANE is not deployed.`, host, {
          host,
        }),
      );
      break;
    case 'insecure_tlsa':
      out.push(
        warn(
          'tlsa_insecure',
          'warning',
          `The TLSA records at ${name} are not DNSSEC-secure and are ignored (RFC 7672 §2.2).`,
          host,
          { host, name },
        ),
      );
      break;
    case 'bogus_tlsa':
      out.push(
        warn(
          'tlsa_bogus',
          'error',
          `DNSSEC validation of ${name} fails: DANE senders defer mail (RFC 7672 §2.2).`,
          host,
          { host, name },
        ),
      );
      break;
    case 'unusable':
      out.push(
        warn(
          'tlsa_unusable',
          'error',
          `Only unusable TLSA records at ${name} (PKIX-TA/PKIX-EE or unknown parameters, RFC 7672 §3.1.3).`,
          host,
          { host, name },
        ),
      );
      break;
    case 'host_insecure':
      out.push(
        warn(
          'host_insecure',
          'warning',
          `The addresses of ${host} are not DNSSEC-secure, so senders do not look up its TLSA records (RFC 7672 §2.2.2).`,
          host,
          { host, name },
        ),
      );
      break;
    case 'no_tls':
      out.push(
        warn(
          'tlsa_without_tls',
          'error',
          `${host} publishes TLSA records but no TLS session could be made: DANE senders will not deliver.`,
          host,
          { host, name },
        ),
      );
      break;
    case 'lookup_failed':
      out.push(
        warn(
          'tlsa_lookup_failed',
          'warning',
          `The TLSA lookup for ${name} failed (${s.detail ?? 'error'}).`,
          host,
          { host, name, detail: s.detail ?? 'error' },
        ),
      );
      break;
  }
  if (unusable > 0 && s.status !== 'unusable') {
    out.push(
      warn(
        'tlsa_some_unusable',
        'warning',
        `${unusable} TLSA record(s) at ${name} are unusable for SMTP (RFC 7672 §3.1.3).`,
        host,
        { name, records: unusable },
      ),
    );
  }
  return out;
}
