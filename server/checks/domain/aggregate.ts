import type { CheckContext } from './context';
import { memoResolver } from './memoResolver';
import { checkers, type CheckFlag } from './registry';

// Runs the chosen checkers on one domain in parallel, each bounded by a deadline, one failing checker
// never failing the others. Questions asked by several checkers go to DNS once (memoResolver).

export type CheckFailure = { error: string };

export type DomainCheck = {
  domain: string;
  checks: Record<string, unknown>;
  /** Mean of the scores of the checkers that ran and returned one. */
  score: number | null;
};

export type RunOptions = { deadlineMs?: number; onError?: (flag: CheckFlag, error: unknown) => void };

const DEFAULT_DEADLINE_MS = 25_000;

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no result within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export async function runChecks(
  domain: string,
  flags: CheckFlag[],
  ctx: CheckContext,
  options: RunOptions = {},
): Promise<DomainCheck> {
  const shared: CheckContext = { ...ctx, resolver: memoResolver(ctx.resolver) };
  const entries = await Promise.all(
    flags.flatMap((flag) => {
      const checker = checkers[flag];
      if (!checker) return [];
      return [
        withDeadline(checker.run(domain, shared), options.deadlineMs ?? DEFAULT_DEADLINE_MS).then(
          (result) => [checker.key, result] as const,
          (error: unknown) => {
            options.onError?.(flag, error);
            const message = error instanceof Error ? error.message : String(error);
            return [checker.key, { error: `The check failed: ${message}` } satisfies CheckFailure] as const;
          },
        ),
      ];
    }),
  );
  const checks: Record<string, unknown> = Object.fromEntries(entries);
  enrichDns(checks);
  const scores = Object.values(checks).flatMap((r) => {
    const s = (r as { score?: unknown }).score;
    return typeof s === 'number' ? [s] : [];
  });
  return {
    domain,
    checks,
    score: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
  };
}

type Loose = Record<string, unknown> | undefined;

/** The DNS result (product spec section 3) carries the DNSSEC status and the DNSSEC, DANE and TLS scores. */
function enrichDns(checks: Record<string, unknown>) {
  const dns = checks.dns as Loose;
  if (!dns || 'error' in dns) return;
  const num = (r: Loose, k: string) => (r && typeof r[k] === 'number' ? (r[k] as number) : null);
  const dnssec = checks.dnssec as Loose;
  const tls = (checks.tls ?? checks.smtp) as Loose;
  dns.dnssec = dnssec && typeof dnssec.status === 'string' ? dnssec.status : null;
  dns.dnssecScore = num(dnssec, 'score');
  dns.daneScore = num(checks.dane as Loose, 'score');
  dns.tlsScore = num(tls, checks.tls ? 'score' : 'tlsScore');
}

/** The DNS check of /checks/dns/{domain}: NS and MX plus whichever DNSSEC, DANE and TLS checkers exist. */
export async function runDnsCheck(domain: string, ctx: CheckContext, options: RunOptions = {}) {
  const result = await runChecks(domain, ['nameServers', 'dnssec', 'dane', 'tls'], ctx, options);
  return result.checks.dns;
}
