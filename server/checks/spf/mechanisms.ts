import { isDnsFailure } from '../dnsTypes';
import { inNetwork } from './clientIp';
import { countLookup, lookup, SpfAbort, targetName, type EvalContext } from './evalContext';
import type { Mechanism } from './types';

// Matching of the mechanisms that query DNS: a (§5.3), mx (§5.4), ptr (§5.5), exists (§5.7).
// include is in checkHost.ts because it recurses.

const lower = (s: string) => s.toLowerCase().replace(/\.$/, '');
const addressType = (ctx: EvalContext) => (ctx.ip.kind === 'ipv4' ? 'A' : 'AAAA');
const bitsFor = (ctx: EvalContext, m: Mechanism) =>
  ctx.ip.kind === 'ipv4' ? (m.cidr4 ?? 32) : (m.cidr6 ?? 128);

function anyAddressMatches(ctx: EvalContext, records: { type: string }[], bits: number): boolean {
  return records.some((r) => 'address' in r && inNetwork(ctx.ip, String(r.address), bits));
}

export async function matchA(ctx: EvalContext, m: Mechanism, domain: string): Promise<boolean> {
  countLookup(ctx, m.text);
  const name = m.domainSpec ? await targetName(ctx, m.domainSpec, domain, pMacro(ctx, domain)) : domain;
  if (!name) return false;
  const records = await lookup(ctx, name, addressType(ctx), true);
  return anyAddressMatches(ctx, records, bitsFor(ctx, m));
}

export async function matchMx(ctx: EvalContext, m: Mechanism, domain: string): Promise<boolean> {
  countLookup(ctx, m.text);
  const name = m.domainSpec ? await targetName(ctx, m.domainSpec, domain, pMacro(ctx, domain)) : domain;
  if (!name) return false;
  const mx = (await lookup(ctx, name, 'MX', true))
    .flatMap((r) => (r.type === 'MX' ? [r] : []))
    .sort((a, b) => a.preference - b.preference);
  let looked = 0;
  for (const r of mx) {
    // A null MX (RFC 7505: exchange ".") names no host; there is nothing to look up.
    if (r.exchange === '' || r.exchange === '.') continue;
    // §4.6.4: no more than 10 address lookups per mx; needing an 11th is a permerror.
    if (++looked > ctx.limits.mxNames) {
      throw new SpfAbort('permerror', `"${m.text}" needs more than ${ctx.limits.mxNames} address lookups`);
    }
    const records = await lookup(ctx, r.exchange, addressType(ctx), false);
    if (anyAddressMatches(ctx, records, bitsFor(ctx, m))) return true;
  }
  return false;
}

export async function matchExists(ctx: EvalContext, m: Mechanism, domain: string): Promise<boolean> {
  countLookup(ctx, m.text);
  const name = await targetName(ctx, m.domainSpec ?? '', domain, pMacro(ctx, domain));
  if (!name) return false;
  // §5.7: always an A query, whatever the client's address family.
  return (await lookup(ctx, name, 'A', true)).length > 0;
}

export async function matchPtr(ctx: EvalContext, m: Mechanism, domain: string): Promise<boolean> {
  countLookup(ctx, m.text);
  const target = m.domainSpec ? await targetName(ctx, m.domainSpec, domain, pMacro(ctx, domain)) : domain;
  if (!target) return false;
  const t = lower(target);
  const names = await validatedNames(ctx, (n) => lower(n) === t || lower(n).endsWith(`.${t}`), true);
  return names.length > 0;
}

/**
 * The client's validated host names (§5.5): PTR names (the first 10, §4.6.4) whose A/AAAA records include
 * the client address. A PTR lookup error gives none; an address lookup error skips that name.
 */
export async function validatedNames(
  ctx: EvalContext,
  wanted: (name: string) => boolean = () => true,
  countVoid = false,
): Promise<string[]> {
  const ptr = await ctx.resolver.query(ctx.ip.reverseName, 'PTR', ctx.query);
  if (isDnsFailure(ptr)) return [];
  if (ptr.answers.length === 0 && countVoid) {
    ctx.voids++;
    if (ctx.voids > ctx.limits.voids) {
      throw new SpfAbort(
        'permerror',
        `more than ${ctx.limits.voids} void DNS lookups (at ${ctx.ip.reverseName})`,
      );
    }
  }
  const names = ptr.answers
    .flatMap((r) => (r.type === 'PTR' ? [r.target] : []))
    .slice(0, ctx.limits.ptrNames)
    .filter(wanted);
  const out: string[] = [];
  for (const name of names) {
    const a = await ctx.resolver.query(name, addressType(ctx), ctx.query);
    if (!isDnsFailure(a) && anyAddressMatches(ctx, a.answers, ctx.ip.kind === 'ipv4' ? 32 : 128))
      out.push(name);
  }
  return out;
}

/** %{p} (§7.3): the validated name equal to <domain>, else one under it, else any, else "unknown". */
export function pMacro(ctx: EvalContext, domain: string): () => Promise<string> {
  return async () => {
    const names = await validatedNames(ctx);
    const d = lower(domain);
    const pick =
      names.find((n) => lower(n) === d) ?? names.find((n) => lower(n).endsWith(`.${d}`)) ?? names[0];
    return pick ? pick.replace(/\.$/, '') : 'unknown';
  };
}
