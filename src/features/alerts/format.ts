import { formatCount, formatNumber } from '../../i18n/format';
import { toSnakeKey } from '../../../contract/casing';

/** Numbers in the language's own format (45,45 in pt), text as it came. */
export function formatValue(value: number | string | boolean, language: string): string {
  if (typeof value !== 'number') return String(value);
  return Number.isInteger(value) ? formatCount(value, language) : formatNumber(value, language);
}

/**
 * The values that tripped a rule, "rate 45.45 · failed 50". The client camelCases the keys of every
 * answer; they are shown as the server names them (snake_case), which is what docs/ALERTS.md lists.
 */
export function formatObserved(observed: Record<string, number | string>, language: string): string {
  return Object.entries(observed)
    .map(([key, value]) => `${toSnakeKey(key)} ${formatValue(value, language)}`)
    .join(' · ');
}
