import { formatCount } from './format';

// The server words its field errors in English, with the texts of the en catalogue's entries in the sections
// an area names (server tests keep them equal). A message found there is shown in the reader's language, its
// values ({{placeholders}}) passed through the area's own reading; another message is shown as it came.

type Pattern = { key: string; pattern: RegExp };
type Section = Record<string, string>;

/** The area's translation (its namespace's t). */
export type Translate = (key: string, values: Record<string, string>) => string;

/** How an area reads a value back ("private (RFC 1918)" → "privado (RFC 1918)"), by placeholder name. */
export type ReadValue = (name: string, value: string) => string;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(key: string, template: string): Pattern {
  const parts = template.split(/\{\{(\w+)\}\}/);
  const source = parts.map((part, i) => (i % 2 ? `(?<${part}>.+?)` : escape(part))).join('');
  return { key, pattern: new RegExp(`^${source}$`, 's') };
}

/** A count the server writes in English ("10,000", "16384") in the reader's format; other text as it is. */
export function countText(value: string, lang: string): string {
  return /^\d{1,3}(,\d{3})*$|^\d+$/.test(value) ? formatCount(Number(value.replace(/,/g, '')), lang) : value;
}

/** The reader of server messages for one catalogue's sections (of its en texts). */
export function serverTexts<C extends Record<string, unknown>>(
  en: C,
  sections: readonly (keyof C & string)[],
) {
  let patterns: Pattern[] | undefined;
  const known = () =>
    (patterns ??= sections.flatMap((section) =>
      Object.entries(en[section] as Section).map(([key, text]) => patternOf(`${section}.${key}`, text)),
    ));
  return (t: Translate, message: string, read: ReadValue): string => {
    for (const { key, pattern } of known()) {
      const found = pattern.exec(message);
      if (!found) continue;
      const values = Object.entries(found.groups ?? {}).map(([name, value]) => [name, read(name, value)]);
      return t(key, Object.fromEntries(values));
    }
    return message;
  };
}
