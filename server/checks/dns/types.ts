import type { CheckWarning } from '../score/warning';

// The "DNS check result" of product spec section 3. dnssec and the DNSSEC/DANE/TLS scores are filled by
// the checkers plugged into server/checks/domain/registry.ts; null until they are.

export type NameServer = {
  hostname: string;
  addresses: string[];
  /**
   * Per address: did it answer authoritatively (AA bit and the zone's SOA) for the zone? not_connected: a
   * private or reserved address, not asked (server/checks/targets.ts).
   */
  answers: {
    address: string;
    status: 'authoritative' | 'lame' | 'no_response' | 'not_connected';
    serial: number | null;
  }[];
};

export type MxHost = {
  hostname: string;
  preference: number;
  addresses: string[];
  /** The CNAME the exchange name points at, when it is an alias (not allowed, RFC 2181 §10.3). */
  cname: string | null;
};

export type NsSection = {
  /** The zone whose NS set was checked: the domain itself, or the parent zone it lives in. */
  zone: string;
  hostnames: string[];
  servers: NameServer[];
  warnings: CheckWarning[];
  score: number;
};

export type MxSection = {
  hosts: MxHost[];
  /** RFC 7505: the domain says it accepts no mail (MX 0 "."). */
  nullMx: boolean;
  warnings: CheckWarning[];
  score: number;
};

export type DnsCheckResult = {
  domain: string;
  baseDomain: string;
  dnssec: string | null;
  ns: NsSection;
  mx: MxSection;
  dnssecScore: number | null;
  daneScore: number | null;
  tlsScore: number | null;
  warnings: CheckWarning[];
  score: number;
};
