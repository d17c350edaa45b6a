import type { TFunction } from 'i18next';
import { formatCount, formatDateTime, formatDay, formatNumber } from '../../i18n/format';
import { toSnakeKey } from '../../../contract/casing';

/** Numbers in the language's own format (45,45 in pt), days and times as every page shows them, text as it came. */
export function formatValue(value: number | string | boolean, language: string): string {
  if (typeof value === 'number')
    return Number.isInteger(value) ? formatCount(value, language) : formatNumber(value, language);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value, language);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value))
    return formatDateTime(value, language);
  return String(value);
}

/**
 * The values that tripped a rule, "rate 45.45 · failed 50" / "taxa 45,45 · falhas 50". The client camelCases
 * the keys of every answer; the names come from the alerts namespace's `observed` texts under the server's
 * snake_case names (docs/ALERTS.md lists them), and a name without a text shows as the server names it.
 */
export function formatObserved(
  observed: Record<string, number | string>,
  language: string,
  t: TFunction<'alerts'>,
): string {
  return Object.entries(observed)
    .map(([key, value]) => {
      const name = toSnakeKey(key);
      const shown =
        typeof value === 'string' && (value === 'spike' || value === 'drop')
          ? t(`choices.${value}`)
          : formatValue(value, language);
      return `${t(`observed.${name}`, { defaultValue: name })} ${shown}`;
    })
    .join(' · ');
}
