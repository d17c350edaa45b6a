import type { TFunction } from 'i18next';
import en from '../../../locales/en/dns.json';
import { formatCount } from '../../i18n/format';

// The server words the problems of a record or a zone file in English (server/modules/dns/validate.ts,
// bind-parse.ts, bind-lexer.ts) with the texts of this catalogue's en "validation" and "zoneFile" entries.
// A message found there is shown in the reader's language; another (PowerDNS's own words) as it came.

type Pattern = { key: string; pattern: RegExp };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(key: string, template: string): Pattern {
  const parts = template.split(/\{\{(\w+)\}\}/);
  const source = parts.map((part, i) => (i % 2 ? `(?<${part}>.+?)` : escape(part))).join('');
  return { key, pattern: new RegExp(`^${source}$`, 's') };
}

let patterns: Pattern[] | undefined;
const known = () =>
  (patterns ??= (['validation', 'zoneFile'] as const).flatMap((section) =>
    Object.entries(en[section]).map(([key, text]) => patternOf(`${section}.${key}`, text)),
  ));

// Counts the server writes in English ("10,000", "16384") read back in the reader's format.
function values(groups: Record<string, string>, lang: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(groups).map(([name, value]) => [
      name,
      /^\d{1,3}(,\d{3})*$|^\d+$/.test(value) ? formatCount(Number(value.replace(/,/g, '')), lang) : value,
    ]),
  );
}

/** A server message about a record or a zone file, in the reader's language when the catalogue has it. */
export function serverText(t: TFunction<'dns'>, message: string, lang: string): string {
  for (const { key, pattern } of known()) {
    const found = pattern.exec(message);
    if (found) return t(key, values(found.groups ?? {}, lang));
  }
  return message;
}

/** A zone file's problem as the server writes it ("Line 3: …"), worded in the reader's language. */
export function fileProblemText(t: TFunction<'dns'>, problem: string, lang: string): string {
  const found = /^Line (\d+): (.*)$/s.exec(problem);
  if (!found) return serverText(t, problem, lang);
  return t('import.line', { line: found[1], message: serverText(t, found[2]!, lang) });
}
