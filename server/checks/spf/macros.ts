import type { MacroToken } from './macroString';

// Macro expansion (RFC 7208 §7.3, §7.4). The values come from a context so that %{p}, which needs DNS,
// is only looked up when a macro actually uses it.

export type MacroValues = {
  /** s, l, o, d, i, v, h, c, r, t: plain strings. */
  get(letter: string): string;
  /** p: the validated domain name of the client IP, or "unknown" (RFC 7208 §7.3). */
  validatedName(): Promise<string>;
};

export async function expandMacroTokens(tokens: MacroToken[], values: MacroValues): Promise<string> {
  let out = '';
  for (const t of tokens) {
    if (t.kind !== 'macro') {
      out += t.text;
      continue;
    }
    const raw = t.letter === 'p' ? await values.validatedName() : values.get(t.letter);
    const transformed = transform(raw, t.delimiters, t.reverse, t.digits);
    out += t.escape ? urlEscape(transformed) : transformed;
  }
  return out;
}

/** Split on the delimiters, optionally reverse, keep the right-most `digits` parts, join with "." (§7.3). */
export function transform(value: string, delimiters: string, reverse: boolean, digits?: number): string {
  let parts = value.split('').reduce<string[]>(
    (acc, ch) => {
      if (delimiters.includes(ch)) acc.push('');
      else acc[acc.length - 1] += ch;
      return acc;
    },
    [''],
  );
  if (reverse) parts = parts.reverse();
  if (digits !== undefined && digits < parts.length) parts = parts.slice(parts.length - digits);
  return parts.join('.');
}

/** Upper-case macros are URL-escaped: every octet outside the RFC 3986 unreserved set as %XX (§7.3). */
export function urlEscape(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * A domain-spec after expansion, ready to query: the trailing dot dropped (§7.3 "trailing-dot"), and a
 * name longer than 253 characters truncated from the left, whole labels at a time (§7.3).
 */
export function toQueryName(expanded: string): string {
  let name = expanded.endsWith('.') ? expanded.slice(0, -1) : expanded;
  while (name.length > 253 && name.includes('.')) name = name.slice(name.indexOf('.') + 1);
  return name;
}
