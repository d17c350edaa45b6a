import { dnsNameProblem, isDnsFailure, type DnsRecord, type QueryOptions, type Resolver } from '../dnsTypes';
import type { ClientIp } from './clientIp';
import { parseDomainSpec } from './macroString';
import { expandMacroTokens, toQueryName, type MacroValues } from './macros';

// State shared by one check_host() evaluation and its recursive include/redirect calls: the inputs that
// macros read, and the processing limits of RFC 7208 §4.6.4.

export class SpfAbort extends Error {
  constructor(
    readonly result: 'temperror' | 'permerror',
    message: string,
  ) {
    super(message);
  }
}

export type Limits = { lookups: number; voids: number; mxNames: number; ptrNames: number; timeMs: number };

export const DEFAULT_LIMITS: Limits = { lookups: 10, voids: 2, mxNames: 10, ptrNames: 10, timeMs: 20_000 };

export type EvalContext = {
  resolver: Resolver;
  query: QueryOptions;
  ip: ClientIp;
  sender: string;
  localPart: string;
  senderDomain: string;
  helo: string;
  receiver: string;
  now: Date;
  limits: Limits;
  deadline: number;
  lookups: number;
  voids: number;
};

/** Counts one DNS-querying term against the limit of 10; the 11th is a permerror (§4.6.4). */
export function countLookup(ctx: EvalContext, term: string) {
  ctx.lookups++;
  if (ctx.lookups > ctx.limits.lookups) {
    throw new SpfAbort('permerror', `more than ${ctx.limits.lookups} DNS lookups (at "${term}")`);
  }
}

/**
 * One DNS query for a mechanism. A DNS failure is a temperror (§5); an empty answer is a void lookup when
 * `countVoid`, and more than two of those are a permerror (§4.6.4).
 */
export async function lookup(
  ctx: EvalContext,
  name: string,
  type: 'A' | 'AAAA' | 'MX' | 'PTR',
  countVoid: boolean,
): Promise<DnsRecord[]> {
  if (Date.now() > ctx.deadline) throw new SpfAbort('temperror', 'SPF evaluation took too long');
  const answer = await ctx.resolver.query(name, type, ctx.query);
  if (isDnsFailure(answer)) {
    throw new SpfAbort(
      'temperror',
      `${type} lookup for ${name} ${answer.timedOut ? 'timed out' : answer.rcode}`,
    );
  }
  if (answer.answers.length === 0 && countVoid) {
    ctx.voids++;
    if (ctx.voids > ctx.limits.voids) {
      throw new SpfAbort('permerror', `more than ${ctx.limits.voids} void DNS lookups (at ${name})`);
    }
  }
  return answer.answers;
}

export function macroValues(
  ctx: EvalContext,
  domain: string,
  validatedName: () => Promise<string>,
): MacroValues {
  const values: Record<string, string> = {
    s: ctx.sender,
    l: ctx.localPart,
    o: ctx.senderDomain,
    d: domain,
    i: ctx.ip.dotted,
    v: ctx.ip.version,
    h: ctx.helo,
    c: ctx.ip.readable,
    r: ctx.receiver,
    t: String(Math.floor(ctx.now.getTime() / 1000)),
  };
  return { get: (letter) => values[letter] ?? '', validatedName };
}

/**
 * Expands a (syntax-checked) domain-spec for a query. Returns null when the result cannot be a DNS name
 * (empty or over-long label): such a target is treated as non-existent, as §4.3 does for <domain>.
 */
export async function targetName(
  ctx: EvalContext,
  spec: string,
  domain: string,
  validatedName: () => Promise<string>,
): Promise<string | null> {
  const expanded = await expandMacroTokens(parseDomainSpec(spec), macroValues(ctx, domain, validatedName));
  const name = toQueryName(expanded);
  return name === '' || dnsNameProblem(name) ? null : name;
}
