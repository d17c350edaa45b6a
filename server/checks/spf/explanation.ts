import { isDnsFailure } from '../dnsTypes';
import { targetName, macroValues, type EvalContext } from './evalContext';
import { MacroSyntaxError, tokenizeMacroString } from './macroString';
import { expandMacroTokens } from './macros';
import { pMacro } from './mechanisms';

// The explanation for a "fail" (RFC 7208 §6.2). exp= names a TXT record whose text is a macro-string that
// may also use c, r and t. Any problem (empty or unqueryable name, DNS error, no record, several records,
// non-ASCII text, a macro syntax error) means "proceed as if no exp modifier was given". The lookup does not
// count against the DNS or void lookup limits (§4.6.4), and it is done once, after the result is known.

export async function explain(
  ctx: EvalContext,
  expSpec: string | undefined,
  domain: string,
  fallback: string | undefined,
): Promise<string | undefined> {
  const fromRecord = expSpec ? await fromExp(ctx, expSpec, domain) : undefined;
  if (fromRecord !== undefined) return fromRecord;
  return fallback === undefined ? undefined : expandText(ctx, fallback, domain);
}

async function fromExp(ctx: EvalContext, spec: string, domain: string): Promise<string | undefined> {
  let name: string | null;
  try {
    name = await targetName(ctx, spec, domain, pMacro(ctx, domain));
  } catch {
    return undefined;
  }
  if (!name) return undefined;
  const answer = await ctx.resolver.query(name, 'TXT', ctx.query);
  if (isDnsFailure(answer) || answer.rcode !== 'NOERROR') return undefined;
  const txt = answer.answers.flatMap((r) => (r.type === 'TXT' ? [r.text] : []));
  if (txt.length !== 1) return undefined;
  // §6.2: the explanation string is US-ASCII.
  if (/[^\x20-\x7e]/.test(txt[0])) return undefined;
  return expandText(ctx, txt[0], domain);
}

async function expandText(ctx: EvalContext, text: string, domain: string): Promise<string | undefined> {
  try {
    const tokens = tokenizeMacroString(text, { explanation: true });
    return await expandMacroTokens(tokens, macroValues(ctx, domain, pMacro(ctx, domain)));
  } catch (err) {
    if (err instanceof MacroSyntaxError) return undefined;
    throw err;
  }
}
