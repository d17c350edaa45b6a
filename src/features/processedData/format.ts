import type { PolicyPublished } from './types';

// Report periods are UTC (RFC 7489 section 7.2: date_range in epoch seconds), shown to the minute.
export function utcMinute(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().slice(0, 16).replace('T', ' ');
}

/** A date-time in the interface language, or a dash when there is none (checks, history). */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(language.startsWith('pt') ? 'pt-BR' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'pt' ? 'pt-BR' : 'en-US').format(value);
}

/** p=, sp= and pct= as published (RFC 7489 section 6.3); absent tags are left out. */
export function policyTags(policy: PolicyPublished | null | undefined): string {
  if (!policy) return '';
  const tags: [string, unknown][] = [
    ['p', policy.p],
    ['sp', policy.sp],
    ['pct', policy.pct],
  ];
  return tags
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('; ');
}
