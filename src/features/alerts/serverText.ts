import type { TFunction } from 'i18next';
import en from '../../../locales/en/alerts.json';
import { formatNumber } from '../../i18n/format';
import { serverTexts } from '../../i18n/serverText';

// The server words a rule's field errors in English (server/modules/alerts/rules.ts, catalogue.ts, the body
// schema of contract/alerts.ts) with the texts of this catalogue's en "serverErrors" entries; the form shows
// them in the reader's language. A parameter or condition is named by its label, a number in the reader's
// format, an address range by its word ("private (RFC 1918)" → "privado (RFC 1918)").

const known = serverTexts(en, ['serverErrors']);

const rangeKeys = new Map(Object.entries(en.ranges).map(([key, word]) => [word, key]));

function rangeText(t: TFunction<'alerts'>, range: string): string {
  const found = /^(.+?)( \(RFC \d+\))?$/.exec(range)!;
  const key = rangeKeys.get(found[1]!);
  return key ? `${t(`ranges.${key}`)}${found[2] ?? ''}` : range;
}

/** A server message about an alert rule, in the reader's language when the catalogue has it. */
export function serverText(t: TFunction<'alerts'>, message: string, lang: string): string {
  return known(
    (key, values) => t(key, values),
    message,
    (name, value) => {
      if (name === 'param') return t(`params.${value}`, { defaultValue: value });
      if (name === 'condition') return t(`conditions.${value}`, { defaultValue: value });
      if (name === 'range') return rangeText(t, value);
      return /^-?\d+(\.\d+)?$/.test(value) ? formatNumber(Number(value), lang) : value;
    },
  );
}
