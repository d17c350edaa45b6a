import { item, type ErrorItem } from '../../../lib/errors';
// Splits a master file (RFC 1035 section 5.1) into entries: one per record or directive, a parenthesised
// group spanning lines kept as one entry, comments (";" to the end of the line) dropped, quoted strings kept
// with their escapes as written. Anything this small lexer cannot read is an error on its line.

export type Token = { text: string; quoted: boolean };
/** `blankOwner`: the entry began with a blank, so it belongs to the previous owner (RFC 1035 section 5.1). */
export type Entry = { line: number; blankOwner: boolean; tokens: Token[] };
export type LineError = { line: number; message: ErrorItem };

export const maxLineLength = 16_384;

// The problems, as codes of the errors catalogue (locales/<lang>/errors.json).
export const lexMessages = {
  control: item('control_characters'),
  longLine: item('zone_file_long_line', { max: maxLineLength }),
  quote: item('zone_file_quote'),
  openParen: item('zone_file_open_paren'),
  closeParen: item('zone_file_close_paren'),
};

// eslint-disable-next-line no-control-regex
const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function lex(text: string): { entries: Entry[]; errors: LineError[] } {
  const entries: Entry[] = [];
  const errors: LineError[] = [];
  const lines = text.split(/\r?\n/);
  let entry: Entry | null = null;
  let depth = 0;
  let openedAt = 0;

  const finish = () => {
    if (entry && entry.tokens.length) entries.push(entry);
    entry = null;
  };

  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.length > maxLineLength) return errors.push({ line, message: lexMessages.longLine });
    if (control.test(raw)) return errors.push({ line, message: lexMessages.control });
    if (depth === 0) entry = { line, blankOwner: /^[ \t]/.test(raw), tokens: [] };
    const current = entry!;
    let i = 0;
    while (i < raw.length) {
      const ch = raw[i]!;
      if (ch === ';') break;
      if (ch === ' ' || ch === '\t' || ch === '\r') {
        i++;
      } else if (ch === '(') {
        if (depth++ === 0) openedAt = line;
        i++;
      } else if (ch === ')') {
        if (depth === 0) return errors.push({ line, message: lexMessages.closeParen });
        depth--;
        i++;
      } else if (ch === '"') {
        let j = i + 1;
        let body = '';
        while (j < raw.length && raw[j] !== '"') {
          const step = raw[j] === '\\' && j + 1 < raw.length ? 2 : 1;
          body += raw.slice(j, j + step);
          j += step;
        }
        if (j >= raw.length) return errors.push({ line, message: lexMessages.quote });
        current.tokens.push({ text: body, quoted: true });
        i = j + 1;
      } else {
        let j = i;
        while (j < raw.length && !' \t\r;()"'.includes(raw[j]!)) j += raw[j] === '\\' ? 2 : 1;
        current.tokens.push({ text: raw.slice(i, j), quoted: false });
        i = j;
      }
    }
    if (depth === 0) finish();
  });
  if (depth > 0) errors.push({ line: openedAt, message: lexMessages.openParen });
  else finish();
  return { entries, errors };
}
