import type { Resolver } from '../dnsTypes';
import { probeMailHosts, type SmtpCheckDeps, type SmtpProbes } from '../smtp/check';
import { lookupMxHosts } from '../smtp/mxHosts';
import { warn } from '../score/warning';
import { meanScore } from '../smtp/hostScores';
import { daneOfHost, tlsaNameOf } from './hostStatus';
import { daneWarnings } from './warnings';
import type { DaneHostResult, DaneResult } from './types';

// DANE for SMTP (RFC 7672) of a domain. TLSA records count only when DNSSEC-secure, and only for MX hosts
// reached through a secure MX RRset (§2.2.1). The certificates come from the SMTP probes, which the
// aggregate check passes in so each MX host is contacted once.

export type DaneCheckDeps = {
  /** The validating resolver (DNSSEC_RESOLVER). */
  dnssecResolver: Resolver;
  smtp: SmtpCheckDeps;
  /** SMTP probes already made for this domain. */
  probes?: SmtpProbes;
  maxHosts?: number;
};

export async function checkDane(domain: string, deps: DaneCheckDeps): Promise<DaneResult> {
  const [validated, probes] = await Promise.all([
    lookupMxHosts(deps.dnssecResolver, domain, { dnssec: true }),
    deps.probes ?? probeMailHosts(domain, deps.smtp),
  ]);
  // A failed MX lookup that succeeds with CD=1 is bogus: senders defer (RFC 7672 §2.2.1). Its hosts are
  // still listed, so the report shows what their TLSA records say.
  const unchecked = validated.failed
    ? await lookupMxHosts(deps.dnssecResolver, domain, { dnssec: true, checkingDisabled: true })
    : null;
  const mxBogus = !!unchecked && !unchecked.failed && !validated.answer.timedOut;
  const mx = mxBogus && unchecked ? unchecked : validated;
  const mxSecure = validated.answer.ad && !validated.failed;
  const byHost = new Map(probes.probes.map((p) => [p.result.host, p]));
  const hosts: DaneHostResult[] = await Promise.all(
    mx.hosts.slice(0, deps.maxHosts ?? 10).map(async (h) => {
      const probe = byHost.get(h.host);
      const state = await daneOfHost(deps.dnssecResolver, h.host, probe);
      // A host on a private address was not contacted: say so rather than "no TLS session".
      const refused = probe?.result.warnings.filter((w) => w.code === 'private_address') ?? [];
      const warnings = refused.length
        ? [...refused, ...daneWarnings(h.host, state).filter((w) => w.code !== 'tlsa_without_tls')]
        : daneWarnings(h.host, state);
      const score = mxSecure && state.status === 'valid' ? 100 : 0;
      return { host: h.host, tlsaName: tlsaNameOf(h.host), ...state, warnings, score };
    }),
  );
  const warnings = hosts.flatMap((h) => h.warnings);
  if (mxBogus) {
    warnings.unshift(
      warn('mx_bogus', 'error', 'DNSSEC validation of the MX records fails: senders defer mail.'),
    );
  } else if (validated.failed) {
    warnings.unshift(
      warn('mx_lookup_failed', 'error', `The MX lookup failed (${validated.answer.rcode}).`, undefined, {
        rcode: validated.answer.rcode,
      }),
    );
  } else if (mx.nullMx)
    warnings.unshift(
      warn('null_mx', 'info', 'The domain accepts no mail (null MX): DANE does not apply.', undefined, {
        context: 'dane',
      }),
    );
  else if (mx.hosts.length === 0)
    warnings.unshift(
      warn('no_mx', 'error', 'The domain has no MX host to protect.', undefined, { context: 'dane' }),
    );
  else if (!mxSecure) {
    warnings.unshift(
      warn(
        'mx_insecure',
        'error',
        'The MX records are not DNSSEC-secure: senders do not use DANE (RFC 7672 §2.2.1).',
      ),
    );
  }
  return { domain, mxSecure, hosts, warnings, score: meanScore(hosts.map((h) => h.score)) };
}
