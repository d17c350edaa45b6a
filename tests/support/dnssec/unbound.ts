import { startUnbound, type Unbound } from '../../../scripts/services/unbound';

// Unbound as a validating resolver for the DNSSEC/DANE tests: scripts/services/unbound.ts with Extended DNS
// Errors (ede: yes, RFC 8914) so the bogus case can be checked for its reason, and a stub per zone.

export type TestUnbound = Unbound;

export function startValidatingUnbound(opts: {
  stubs: { zone: string; port: number }[];
  trustAnchors: string[];
  control?: boolean;
}): Promise<TestUnbound> {
  return startUnbound({ ...opts, port: 5311, extendedErrors: true, name: 'unbound-dnssec' });
}
