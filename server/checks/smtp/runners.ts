import { checkDane } from '../dane/check';
import type { DaneResult } from '../dane/types';
import { checkDnssec } from '../dnssec/check';
import type { DnssecResult } from '../dnssec/types';
import type { CheckContext } from '../domain/context';
import { probeMailHosts, smtpResultOf, type SmtpCheckDeps, type SmtpProbes } from './check';
import type { SmtpCheckResult } from './types';

// The DNSSEC, DANE and SMTP TLS checkers over the shared CheckContext, for the /checks routes and the
// aggregate domain check. Within one context (one aggregate run) each MX host is probed once: the DANE check
// reuses the certificates the SMTP check saw
// when both run at the same time (the aggregate runs its checkers in parallel).

const probesByContext = new WeakMap<CheckContext, Map<string, Promise<SmtpProbes>>>();

export type SmtpExtras = { smtpTimeoutMs?: number; smtpCa?: string[] };

function smtpDeps(ctx: CheckContext & SmtpExtras): SmtpCheckDeps {
  return {
    resolver: ctx.resolver,
    port: ctx.smtpPort,
    timeoutMs: ctx.smtpTimeoutMs,
    ca: ctx.smtpCa,
    allowPrivateTargets: ctx.allowPrivateTargets,
  };
}

function sharedProbes(domain: string, ctx: CheckContext & SmtpExtras): Promise<SmtpProbes> {
  let byDomain = probesByContext.get(ctx);
  if (!byDomain) probesByContext.set(ctx, (byDomain = new Map()));
  let probes = byDomain.get(domain);
  if (!probes) {
    const map = byDomain;
    probes = probeMailHosts(domain, smtpDeps(ctx));
    map.set(domain, probes);
    // Shared while in flight only: a long-lived context must not serve stale certificates or grow.
    void probes.finally(() => map.delete(domain)).catch(() => undefined);
  }
  return probes;
}

export const runDnssecCheck = (domain: string, ctx: CheckContext): Promise<DnssecResult> =>
  checkDnssec(domain, { resolver: ctx.validatingResolver ?? ctx.resolver });

export const runSmtpCheck = async (
  domain: string,
  ctx: CheckContext & SmtpExtras,
): Promise<SmtpCheckResult> => smtpResultOf(domain, await sharedProbes(domain, ctx));

export const runDaneCheck = async (domain: string, ctx: CheckContext & SmtpExtras): Promise<DaneResult> =>
  checkDane(domain, {
    dnssecResolver: ctx.validatingResolver ?? ctx.resolver,
    smtp: smtpDeps(ctx),
    probes: await sharedProbes(domain, ctx),
  });
