import type { TFunction } from 'i18next';
import type { ReadParam } from '../../api/errors';
import en from '../../../locales/en/alerts.json';

// The values of a rule's problems (codes of the errors catalogue) as the form names them: a parameter or a
// condition by its label, an address range by its word ("private (RFC 1918)" → "privado (RFC 1918)").

const rangeKeys = new Map(Object.entries(en.ranges).map(([key, word]) => [word, key]));

function rangeText(t: TFunction<'alerts'>, range: string): string {
  const found = /^(.+?)( \(RFC \d+\))?$/.exec(range)!;
  const key = rangeKeys.get(found[1]!);
  return key ? `${t(`ranges.${key}`)}${found[2] ?? ''}` : range;
}

export function alertParams(t: TFunction<'alerts'>): ReadParam {
  return (name, value) => {
    if (typeof value !== 'string') return value;
    if (name === 'param') return t(`params.${value}`, { defaultValue: value });
    if (name === 'condition') return t(`conditions.${value}`, { defaultValue: value });
    if (name === 'range') return rangeText(t, value);
    return value;
  };
}
