import type { TFunction } from 'i18next';
import en from '../../../locales/en/dns.json';
import { countText, serverTexts } from '../../i18n/serverText';

// The server words the problems of a record or a zone file in English (server/modules/dns/validate.ts,
// bind-parse.ts, bind-lexer.ts) with the texts of this catalogue's en "validation" and "zoneFile" entries.
// A message found there is shown in the reader's language; another (PowerDNS's own words) as it came.

const known = serverTexts(en, ['validation', 'zoneFile']);

/** A server message about a record or a zone file, in the reader's language when the catalogue has it. */
export function serverText(t: TFunction<'dns'>, message: string, lang: string): string {
  return known(
    (key, values) => t(key, values),
    message,
    (_, value) => countText(value, lang),
  );
}

/** A zone file's problem as the server writes it ("Line 3: …"), worded in the reader's language. */
export function fileProblemText(t: TFunction<'dns'>, problem: string, lang: string): string {
  const found = /^Line (\d+): (.*)$/s.exec(problem);
  if (!found) return serverText(t, problem, lang);
  return t('import.line', { line: found[1], message: serverText(t, found[2]!, lang) });
}
