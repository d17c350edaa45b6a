import type { CheckContext } from '../domain/context';
import { sortWarnings } from '../score/warning';
import { baseDomainOf } from './baseDomain';
import { checkMailExchangers } from './mailExchangers';
import { checkNameServers } from './nameServers';
import type { DnsCheckResult } from './types';

// The DNS check: NS and MX in parallel; the overall score is their mean (rubric in docs/CHECKS.md).
export async function checkDns(domain: string, ctx: CheckContext): Promise<DnsCheckResult> {
  const port = ctx.nameServerPort ?? 53;
  const target = ctx.nameServerTarget ?? ((host: string) => ({ host, port }));
  const [ns, mx] = await Promise.all([
    checkNameServers(ctx.resolver, domain, { target, allowPrivateTargets: ctx.allowPrivateTargets }),
    checkMailExchangers(ctx.resolver, domain),
  ]);
  // "does not exist" once, not once per section.
  const nsSaid = (code: string) => code === 'domain_not_found' && ns.warnings.some((n) => n.code === code);
  return {
    domain,
    baseDomain: baseDomainOf(domain),
    dnssec: null,
    ns,
    mx,
    dnssecScore: null,
    daneScore: null,
    tlsScore: null,
    warnings: sortWarnings([...ns.warnings, ...mx.warnings.filter((w) => !nsSaid(w.code))]),
    score: Math.round((ns.score + mx.score) / 2),
  };
}
