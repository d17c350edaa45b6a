import type { DnsServerAddress, Resolver } from '../dnsTypes';
import type { PolicyFetcher } from '../mtasts/fetchPolicy';

// What a checker gets besides the domain: the resolver and the knobs tests and settings turn. Checkers
// plugged in later (DNSSEC, DANE, SMTP TLS) may add optional fields here.
export type CheckContext = {
  resolver: Resolver;
  /** Port to query name servers on directly (NS lame-delegation check); 53 outside tests. */
  nameServerPort?: number;
  /** Overrides where a direct query to a name server address goes (tests map addresses to loopback). */
  nameServerTarget?: (address: string) => DnsServerAddress;
  /** Fetches https://mta-sts.<domain>/.well-known/mta-sts.txt (injected so tests can use a loopback port). */
  fetchPolicy?: PolicyFetcher;
  /** A validating resolver for the DNSSEC and DANE checkers (DNSSEC_RESOLVER). */
  validatingResolver?: Resolver;
  /** Port of the SMTP servers for the SMTP TLS checker (25 outside tests). */
  smtpPort?: number;
  /**
   * Connect to private and reserved addresses the checked domain's names resolve to
   * (CHECKS_ALLOW_PRIVATE_TARGETS; server/checks/targets.ts). Unset: refused.
   */
  allowPrivateTargets?: boolean;
  now?: () => Date;
};
