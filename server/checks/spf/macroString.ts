// Tokenizing and checking macro-strings and domain-specs (RFC 7208 §7.1, ABNF):
//   domain-spec  = macro-string domain-end
//   domain-end   = ( "." toplabel [ "." ] ) / macro-expand
//   macro-expand = ( "%{" macro-letter transformers *delimiter "}" ) / "%%" / "%_" / "%-"
//   macro-literal = %x21-24 / %x26-7E
//   explain-string = *( macro-string / SP )

export type MacroToken =
  | { kind: 'literal'; text: string }
  /** %% → "%", %_ → " ", %- → "%20" (RFC 7208 §7.1). */
  | { kind: 'escape'; text: string }
  | {
      kind: 'macro';
      letter: string;
      /** Upper-case letter: URL-escape the expansion (RFC 7208 §7.3). */
      escape: boolean;
      digits?: number;
      reverse: boolean;
      delimiters: string;
    };

export type MacroMode = {
  /** c, r and t are allowed only in explanation text (RFC 7208 §7.2). */
  explanation?: boolean;
};

export class MacroSyntaxError extends Error {}

const LETTERS = 'slodiphv';
const EXP_LETTERS = 'crt';
const DELIMITERS = '.-+,/_=';

// toplabel = ( *alphanum ALPHA *alphanum ) / ( 1*alphanum "-" *( alphanum / "-" ) alphanum )
const TOPLABEL = '(?:[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*|[A-Za-z0-9]+-[A-Za-z0-9-]*[A-Za-z0-9])';
const DOMAIN_END = new RegExp(`\\.${TOPLABEL}\\.?$`);

export function tokenizeMacroString(input: string, mode: MacroMode = {}): MacroToken[] {
  const tokens: MacroToken[] = [];
  let literal = '';
  const flush = () => {
    if (literal) tokens.push({ kind: 'literal', text: literal });
    literal = '';
  };
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (ch !== '%') {
      const code = ch.charCodeAt(0);
      const visible = code >= 0x21 && code <= 0x7e;
      if (!visible && !(mode.explanation && ch === ' ')) {
        throw new MacroSyntaxError(`invalid character ${describeChar(ch)} in "${input}"`);
      }
      literal += ch;
      continue;
    }
    const next = input[i + 1];
    if (next === '%' || next === '_' || next === '-') {
      flush();
      tokens.push({ kind: 'escape', text: next === '%' ? '%' : next === '_' ? ' ' : '%20' });
      i++;
      continue;
    }
    if (next !== '{') {
      // RFC 7208 §7.1: a "%" not followed by "{", "%", "-" or "_" is a syntax error.
      throw new MacroSyntaxError(`"%" must be followed by "{", "%", "_" or "-" in "${input}"`);
    }
    const end = input.indexOf('}', i + 2);
    if (end < 0) throw new MacroSyntaxError(`unterminated macro in "${input}"`);
    flush();
    tokens.push(parseMacroBody(input.slice(i + 2, end), input, mode));
    i = end;
  }
  flush();
  return tokens;
}

function parseMacroBody(body: string, input: string, mode: MacroMode): MacroToken {
  const m = /^([A-Za-z])(\d*)([rR]?)(.*)$/.exec(body);
  if (!m) throw new MacroSyntaxError(`invalid macro "%{${body}}" in "${input}"`);
  const letter = m[1].toLowerCase();
  const allowed = LETTERS + (mode.explanation ? EXP_LETTERS : '');
  if (!allowed.includes(letter)) {
    const where = EXP_LETTERS.includes(letter) ? ' (allowed only in explanation text)' : '';
    throw new MacroSyntaxError(`unknown macro letter "${m[1]}"${where} in "${input}"`);
  }
  let digits: number | undefined;
  if (m[2]) {
    digits = Number(m[2]);
    // RFC 7208 §7.3: "If a DIGIT is specified, the value MUST be nonzero."
    if (digits === 0) throw new MacroSyntaxError(`macro "%{${body}}" keeps zero labels in "${input}"`);
  }
  for (const d of m[4]) {
    if (!DELIMITERS.includes(d)) throw new MacroSyntaxError(`invalid macro delimiter "${d}" in "${input}"`);
  }
  return {
    kind: 'macro',
    letter,
    escape: m[1] !== letter,
    digits,
    reverse: m[3] !== '',
    delimiters: m[4] || '.',
  };
}

/** Parses a domain-spec, throwing MacroSyntaxError when it does not match the grammar above. */
export function parseDomainSpec(spec: string): MacroToken[] {
  if (spec === '') throw new MacroSyntaxError('empty domain-spec');
  const tokens = tokenizeMacroString(spec);
  const last = tokens[tokens.length - 1];
  if (last.kind === 'literal' && !DOMAIN_END.test(last.text)) {
    const hint = /^[\d.]+$/.test(spec) ? ' (an IP address needs ip4:, not a:)' : '';
    throw new MacroSyntaxError(`"${spec}" does not end in a valid top-level label${hint}`);
  }
  return tokens;
}

function describeChar(ch: string) {
  const code = ch.charCodeAt(0);
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
