import { isIP } from 'node:net';
import type { Config } from '../../config';
import { runChecks, runDnsCheck } from '../../checks/domain/aggregate';
import type { CheckContext } from '../../checks/domain/context';
import { normalizeDomain, type DomainInput } from '../../checks/domain/name';
import { CHECK_FLAGS, type CheckFlag } from '../../checks/domain/registry';
import { checkDmarc } from '../../checks/dmarc/check';
import { parseDnsServers } from '../../checks/dnsServers';
import { createDnsResolver } from '../../checks/resolver';
import { runDaneCheck, runDnssecCheck, runSmtpCheck } from '../../checks/smtp/runners';
import { checkMtaSts } from '../../checks/mtasts/check';
import { createPolicyFetcher } from '../../checks/mtasts/fetchPolicy';
import { analyseSpf } from '../../checks/spf/analyse';
import { checkHost } from '../../checks/spf/checkHost';
import { checkTlsRpt } from '../../checks/tlsrpt/check';
import { createResultCache } from './cache';
import type { CheckKind } from './documents';

// The checks behind the /checks routes and `msas check`: one resolver (DNS_SERVERS) and one policy fetcher
// per process, results cached for CHECKS_CACHE_SECONDS.

export type ChecksSettings = Pick<Config, 'checks' | 'dnssecResolver' | 'smtpCheckPort'>;

export type SpfQuery = { ip?: string; sender?: string; helo?: string };

export type ChecksService = {
  ctx: CheckContext;
  run(
    kind: CheckKind,
    domain: string,
    query?: Record<string, unknown>,
  ): Promise<{ value: unknown; at: Date; cached: boolean }>;
};

export function checkContextFrom(
  settings: ChecksSettings,
  overrides: Partial<CheckContext> = {},
): CheckContext {
  const validating = settings.dnssecResolver
    ? createDnsResolver({ servers: parseDnsServers(settings.dnssecResolver) })
    : undefined;
  return {
    resolver: createDnsResolver(),
    nameServerPort: settings.checks.nsPort,
    fetchPolicy: createPolicyFetcher({
      port: settings.checks.mtaStsPort,
      caFile: settings.checks.mtaStsCaFile,
    }),
    validatingResolver: validating,
    smtpPort: settings.smtpCheckPort,
    allowPrivateTargets: settings.checks.allowPrivateTargets,
    ...overrides,
  };
}

/** The flags of the domain check form (spec section 3): each on unless given as false/0/off/no. */
export function chosenFlags(query: Record<string, unknown>): CheckFlag[] {
  return CHECK_FLAGS.filter((flag) => {
    const v = query[flag];
    return v === undefined || !/^(false|0|off|no)$/i.test(String(v));
  });
}

export async function spfWithCheckHost(domain: string, ctx: CheckContext, q: SpfQuery) {
  const analysis = await analyseSpf(domain, ctx.resolver);
  if (!q.ip) return analysis;
  const result = await checkHost(
    { ip: q.ip, sender: q.sender || `postmaster@${domain}`, helo: q.helo || undefined, domain },
    ctx.resolver,
  );
  return {
    ...analysis,
    checkHost: { ip: q.ip, sender: q.sender || `postmaster@${domain}`, helo: q.helo ?? null, ...result },
  };
}

/**
 * The name a check runs on, for the route and `msas check` alike. Underscored names (_spf.example.com)
 * are checked too. A check_host() question (spf with an ip) takes any printable name: RFC 7208 §4.3
 * makes a malformed or single-label one "none", which is the check's answer, not an input error.
 */
export function checkTarget(kind: CheckKind, input: string, ip: string | undefined): DomainInput {
  const named = normalizeDomain(input, true);
  if (named.ok || kind !== 'spf' || !ip) return named;
  const raw = input.trim().toLowerCase();
  // Printable ASCII only (no spaces, no control characters): what a DNS question can carry as typed.
  return /^[!-~]{1,300}$/.test(raw) ? { ok: true, domain: raw } : named;
}

export function validIp(ip: string | undefined): boolean {
  return ip === undefined || ip === '' || isIP(ip) !== 0;
}

export async function runCheck(
  kind: CheckKind,
  domain: string,
  ctx: CheckContext,
  query: Record<string, unknown> = {},
) {
  switch (kind) {
    case 'dns':
      return runDnsCheck(domain, ctx);
    case 'spf':
      return spfWithCheckHost(domain, ctx, query as SpfQuery);
    case 'dmarc':
      return checkDmarc(domain, ctx);
    case 'mta-sts':
      return checkMtaSts(domain, ctx);
    case 'tls-rpt':
      return checkTlsRpt(domain, ctx);
    case 'dnssec':
      return runDnssecCheck(domain, ctx);
    case 'dane':
      return runDaneCheck(domain, ctx);
    case 'smtp':
      return runSmtpCheck(domain, ctx);
    case 'domain':
      return runChecks(domain, chosenFlags(query), ctx);
  }
}

export function createChecksService(
  settings: ChecksSettings,
  overrides: Partial<CheckContext> = {},
): ChecksService {
  const ctx = checkContextFrom(settings, overrides);
  const cache = createResultCache<unknown>(settings.checks.cacheSeconds);
  return {
    ctx,
    run: (kind, domain, query = {}) => {
      const key = `${kind} ${domain} ${JSON.stringify(Object.entries(query).sort())}`;
      return cache.get(key, () => runCheck(kind, domain, ctx, query));
    },
  };
}
