import { formatCount } from '../processedData/format';
import { toSnakeKey } from '../../../contract/casing';

const locale = (language: string) => (language.startsWith('pt') ? 'pt-BR' : 'en-US');

/** A UTC day of the data ('2026-11-23') in the interface language; the day is UTC, so it is shown as UTC. */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString(locale(language), { dateStyle: 'medium', timeZone: 'UTC' });
}

/** Numbers in the language's own format (45,45 in pt), text as it came. */
export function formatValue(value: number | string | boolean, language: string): string {
  if (typeof value !== 'number') return String(value);
  return Number.isInteger(value)
    ? formatCount(value, language)
    : new Intl.NumberFormat(locale(language), { maximumFractionDigits: 2 }).format(value);
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
