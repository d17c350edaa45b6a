import type { CheckWarning } from '../score/warning';
import type { TlsaData } from './tlsa';

/**
 * Per MX host: valid (a usable, secure TLSA record matches the presented certificate), mismatch (usable
 * records, none match: DANE senders will not deliver), no_tlsa, insecure_tlsa (TLSA present but not
 * DNSSEC-validated: ignored, RFC 7672 §2.2), bogus_tlsa (validation fails: senders defer, RFC 7672 §2.2),
 * unusable (only PKIX-TA/EE or unknown parameters, RFC 7672 §3.1.3), host_insecure (the host's addresses are
 * not secure, so no TLSA lookup happens, RFC 7672 §2.2.2), no_tls (TLSA published but no STARTTLS/handshake),
 * lookup_failed.
 */
export type DaneStatus =
  | 'valid'
  | 'mismatch'
  | 'no_tlsa'
  | 'insecure_tlsa'
  | 'bogus_tlsa'
  | 'unusable'
  | 'host_insecure'
  | 'no_tls'
  | 'lookup_failed';

export type TlsaRecordResult = TlsaData & { usable: boolean; matches: boolean; reason?: string };

export type DaneHostResult = {
  host: string;
  tlsaName: string;
  status: DaneStatus;
  /** The TLSA answer was DNSSEC-validated (AD). */
  secure: boolean;
  records: TlsaRecordResult[];
  warnings: CheckWarning[];
  score: number;
};

export type DaneResult = {
  domain: string;
  /** The MX RRset is DNSSEC-validated; without it no DANE applies (RFC 7672 §2.2.1). */
  mxSecure: boolean;
  hosts: DaneHostResult[];
  warnings: CheckWarning[];
  /** daneScore of the DNS check result. */
  score: number;
};
