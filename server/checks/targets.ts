import { nonPublicRange } from '../lib/public-address';
import { warn, type CheckWarning } from './score/warning';

// The one gate every checker passes before it opens a connection to an address it resolved from the checked
// domain (an MX host, mta-sts.<domain>, a name server): anyone may ask /checks about any domain, and a
// domain can point its names at the server's own network. Only public addresses are contacted unless the
// operator sets CHECKS_ALLOW_PRIVATE_TARGETS (the test suite, whose zones live on loopback). Checkers
// connect to the address vetted here, never to the name, so a second lookup cannot swap it (DNS rebinding).

/** Null when `address` may be contacted; otherwise the warning that says why it was not. */
export function targetRefusal(host: string, address: string, allowPrivate = false): CheckWarning | null {
  if (allowPrivate) return null;
  const blocked = nonPublicRange(address);
  if (!blocked) return null;
  return warn(
    'private_address',
    'error',
    `${host} resolves to ${address}, which is not a public address (${blocked.range}); not connected.`,
    host,
    { host, address, range: blocked.range },
  );
}

export type TargetChoice =
  | { address: string; refusal: null }
  | { address: string; refusal: CheckWarning }
  | { address: null; refusal: null };

/**
 * The first address of `addresses` (in the caller's order of preference) that may be contacted; when none
 * may, the first one with its refusal; when there is none, null.
 */
export function chooseTarget(host: string, addresses: string[], allowPrivate = false): TargetChoice {
  let first: TargetChoice = { address: null, refusal: null };
  for (const address of addresses) {
    const refusal = targetRefusal(host, address, allowPrivate);
    if (!refusal) return { address, refusal: null };
    if (first.address === null) first = { address, refusal };
  }
  return first;
}
