import { dnsNameProblem, type QueryOptions, type Resolver } from '../dnsTypes';
import { inNetwork, parseClientIp } from './clientIp';
import {
  DEFAULT_LIMITS,
  SpfAbort,
  countLookup,
  targetName,
  type EvalContext,
  type Limits,
} from './evalContext';
import { explain } from './explanation';
import { matchA, matchExists, matchMx, matchPtr, pMacro } from './mechanisms';
import { parseSpfRecord } from './parser';
import { lookupSpfRecord } from './record';
import { qualifierResult, type Mechanism, type SpfRecord, type SpfResult } from './types';

// check_host() of RFC 7208 §4: does <ip> may send mail for <domain>, given <sender> and the HELO name?

export type CheckHostInput = {
  ip: string;
  /** MAIL FROM address ("" for a bounce: then postmaster@<helo> is used, §2.4). */
  sender: string;
  helo?: string;
  /** The domain to check; defaults to the sender's domain, or the HELO name for a null sender. */
  domain?: string;
};

export type CheckHostOptions = {
  /** %{r}: the receiving host's domain (§7.3); "unknown" by default. */
  receiver?: string;
  /** Explanation (a macro-string) for a fail without a usable exp= (§6.2). */
  defaultExplanation?: string;
  query?: QueryOptions;
  limits?: Partial<Limits>;
  now?: Date;
};

export type CheckHostResult = {
  result: SpfResult;
  /** For "fail": the expanded exp= text, or the default explanation. */
  explanation?: string;
  /** The term that decided the result, e.g. "-all" or "ip4:192.0.2.0/24". */
  mechanism?: string;
  /** The domain whose record held that term (after include/redirect). */
  mechanismDomain?: string;
  /** Why the result is temperror/permerror/none. */
  error?: string;
  domain: string;
  dnsLookups: number;
  voidLookups: number;
};

type Outcome = {
  result: 'pass' | 'fail' | 'softfail' | 'neutral' | 'none';
  mechanism?: string;
  domain: string;
  record?: SpfRecord;
  reason?: string;
};

export async function checkHost(
  input: CheckHostInput,
  resolver: Resolver,
  options: CheckHostOptions = {},
): Promise<CheckHostResult> {
  const ip = parseClientIp(input.ip);
  if (!ip) throw new TypeError(`"${input.ip}" is not an IP address`);
  const helo = input.helo ?? '';
  const at = input.sender.lastIndexOf('@');
  // §4.3: a sender without local-part gets "postmaster"; a null sender is postmaster@<helo>.
  const localPart = (at >= 0 ? input.sender.slice(0, at) : '') || 'postmaster';
  const senderDomain = (at >= 0 ? input.sender.slice(at + 1) : input.sender) || helo;
  const domain = (input.domain ?? senderDomain).replace(/\.$/, '');
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const ctx: EvalContext = {
    resolver,
    query: options.query ?? {},
    ip,
    sender: `${localPart}@${senderDomain}`,
    localPart,
    senderDomain,
    helo,
    receiver: options.receiver ?? 'unknown',
    now: options.now ?? new Date(),
    limits,
    deadline: Date.now() + limits.timeMs,
    lookups: 0,
    voids: 0,
  };
  const done = (r: Omit<CheckHostResult, 'domain' | 'dnsLookups' | 'voidLookups'>): CheckHostResult => ({
    ...r,
    domain,
    dnsLookups: ctx.lookups,
    voidLookups: ctx.voids,
  });

  const malformed = domainProblem(domain);
  if (malformed) return done({ result: 'none', error: `"${domain}" is not a valid domain: ${malformed}` });
  try {
    const out = await evaluate(ctx, domain);
    const explanation =
      out.result === 'fail'
        ? await explain(ctx, out.record?.exp, out.domain, options.defaultExplanation)
        : undefined;
    return done({
      result: out.result,
      ...(explanation !== undefined ? { explanation } : {}),
      ...(out.mechanism ? { mechanism: out.mechanism, mechanismDomain: out.domain } : {}),
      ...(out.reason ? { error: out.reason } : {}),
    });
  } catch (err) {
    if (err instanceof SpfAbort) return done({ result: err.result, error: err.message });
    throw err;
  }
}

/** §4.3: a malformed or single-label <domain>, or a domain literal, gives "none". */
function domainProblem(domain: string): string | null {
  if (domain.startsWith('[')) return 'an address literal';
  if (!domain.includes('.')) return 'not a fully qualified domain name';
  return dnsNameProblem(domain);
}

async function evaluate(ctx: EvalContext, domain: string): Promise<Outcome> {
  const found = await lookupSpfRecord(domain, ctx.resolver, ctx.query);
  if (found.kind === 'temperror') throw new SpfAbort('temperror', found.message);
  if (found.kind === 'none') {
    const reason = found.reason === 'nxdomain' ? `${domain} does not exist` : `no SPF record at ${domain}`;
    return { result: 'none', domain, reason };
  }
  if (found.kind === 'multiple') throw new SpfAbort('permerror', `${domain} has several SPF records (§4.5)`);
  const parsed = parseSpfRecord(found.text);
  if (!parsed.ok) throw new SpfAbort('permerror', `${domain}: ${parsed.error}`);
  const record = parsed.record;

  for (const m of record.mechanisms) {
    if (await matches(ctx, m, domain)) {
      return { result: qualifierResult[m.qualifier] as Outcome['result'], mechanism: m.text, domain, record };
    }
  }
  if (record.redirect !== undefined) {
    // §6.1: redirect applies only when no mechanism matched; its result replaces this one entirely,
    // including which exp= applies.
    countLookup(ctx, `redirect=${record.redirect}`);
    const target = await targetName(ctx, record.redirect, domain, pMacro(ctx, domain));
    const out = target ? await evaluate(ctx, target) : null;
    if (!out || out.result === 'none') {
      throw new SpfAbort('permerror', `redirect=${record.redirect}: no SPF record at the target (§6.1)`);
    }
    return out;
  }
  // §4.7: no match and no redirect.
  return { result: 'neutral', domain, record };
}

async function matches(ctx: EvalContext, m: Mechanism, domain: string): Promise<boolean> {
  switch (m.name) {
    case 'all':
      return true;
    case 'ip4':
    case 'ip6': {
      const bits = m.name === 'ip4' ? (m.cidr4 ?? 32) : (m.cidr6 ?? 128);
      return inNetwork(ctx.ip, m.network ?? '', bits);
    }
    case 'a':
      return matchA(ctx, m, domain);
    case 'mx':
      return matchMx(ctx, m, domain);
    case 'ptr':
      return matchPtr(ctx, m, domain);
    case 'exists':
      return matchExists(ctx, m, domain);
    case 'include':
      return matchInclude(ctx, m, domain);
  }
}

/** §5.2: pass matches; fail, softfail, neutral do not; temperror and permerror propagate; none is permerror. */
async function matchInclude(ctx: EvalContext, m: Mechanism, domain: string): Promise<boolean> {
  countLookup(ctx, m.text);
  const target = await targetName(ctx, m.domainSpec ?? '', domain, pMacro(ctx, domain));
  const out = target ? await evaluate(ctx, target) : null;
  if (!out || out.result === 'none') {
    throw new SpfAbort('permerror', `${m.text}: no SPF record at the included domain (§5.2)`);
  }
  return out.result === 'pass';
}
