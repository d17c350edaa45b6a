import type { TFunction } from 'i18next';
import type { SummaryValue } from './types';

/**
 * A summary fact: yes/no for flags, a dash for none, the DNSSEC state in words (as Domain verify says it),
 * other protocol values (reject, -all, enforce) as sent.
 */
export function formatSummary(t: TFunction, value: SummaryValue | undefined, key?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'analysis:values.yes' : 'analysis:values.no');
  if (key === 'status' && typeof value === 'string')
    return t(`domainVerify:dnssec.states.${value}`, { defaultValue: value });
  return String(value);
}
