import type { Resolver } from '../dnsTypes';
import { lookupMxHosts, mailHostTarget, type MxLookup } from './mxHosts';
import { probeSmtpHost } from './probe';
import type { SmtpCheckResult, SmtpProbe, SmtpProbeOptions } from './types';
import { warn, type CheckWarning } from '../score/warning';
import { meanScore } from './hostScores';

// The SMTP servers / TLS check of a domain: every MX host probed in parallel (bounded), in MX order.

export type SmtpCheckDeps = Partial<SmtpProbeOptions> & {
  resolver: Resolver;
  maxHosts?: number;
  /** Probe MX hosts on private and reserved addresses too (CHECKS_ALLOW_PRIVATE_TARGETS). */
  allowPrivateTargets?: boolean;
};

export const SMTP_DEFAULTS = { port: 25, timeoutMs: 10_000, helo: 'msas.invalid', maxHosts: 10 };

export type SmtpProbes = { mx: MxLookup; probes: SmtpProbe[] };

export async function probeMailHosts(domain: string, deps: SmtpCheckDeps): Promise<SmtpProbes> {
  const opts: SmtpProbeOptions = {
    port: deps.port ?? SMTP_DEFAULTS.port,
    timeoutMs: deps.timeoutMs ?? SMTP_DEFAULTS.timeoutMs,
    helo: deps.helo ?? SMTP_DEFAULTS.helo,
    ca: deps.ca,
  };
  const mx = await lookupMxHosts(deps.resolver, domain);
  const hosts = mx.hosts.slice(0, deps.maxHosts ?? SMTP_DEFAULTS.maxHosts);
  const probes = await Promise.all(
    hosts.map(async (h) => {
      const t0 = performance.now();
      const target = await mailHostTarget(deps.resolver, h.host, deps.allowPrivateTargets);
      const address = target.address;
      const probe = await probeSmtpHost(h, target, opts);
      const ms =
        Math.round((performance.now() - t0 - probe.result.steps.reduce((a, s) => a + s.ms, 0)) * 10) / 10;
      probe.result.steps.unshift({
        step: 'resolve',
        ms: Math.max(0, ms),
        ok: !!address,
        ...(address ? { detail: address } : {}),
      });
      return probe;
    }),
  );
  return { mx, probes };
}

export function mxWarnings(mx: MxLookup): CheckWarning[] {
  if (mx.failed)
    return [
      warn('mx_lookup_failed', 'error', `The MX lookup failed (${mx.answer.rcode}).`, undefined, {
        rcode: mx.answer.rcode,
      }),
    ];
  if (mx.nullMx)
    return [
      warn('null_mx', 'info', 'The domain publishes a null MX (RFC 7505): it accepts no mail.', undefined, {
        context: 'smtp',
      }),
    ];
  if (mx.hosts.length === 0)
    return [
      warn('no_mx', 'error', 'The domain has no MX record and no address.', undefined, { context: 'smtp' }),
    ];
  if (mx.implicit)
    return [warn('implicit_mx', 'warning', "No MX record: mail goes to the domain's own address.")];
  return [];
}

export function smtpResultOf(domain: string, { mx, probes }: SmtpProbes): SmtpCheckResult {
  const hosts = probes.map((p) => p.result);
  return {
    domain,
    nullMx: mx.nullMx,
    hosts,
    warnings: [...mxWarnings(mx), ...hosts.flatMap((h) => h.warnings)],
    score: meanScore(hosts.map((h) => h.score)),
  };
}

export async function checkSmtp(domain: string, deps: SmtpCheckDeps): Promise<SmtpCheckResult> {
  return smtpResultOf(domain, await probeMailHosts(domain, deps));
}
