import type { TFunction } from 'i18next';
import type { Digest } from './digestsApi';

import { localeOf } from '../../i18n/format';

export { formatDay } from '../../i18n/format';

/** An ISO weekday (1 = Monday) in the interface language: 2024-01-01 was a Monday. */
export function weekdayName(day: number, language: string): string {
  const date = new Date(Date.UTC(2024, 0, day));
  return date.toLocaleDateString(localeOf(language), { weekday: 'long', timeZone: 'UTC' });
}

/** An hour of the day as the wall clock shows it, 08:00. */
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** "Weekly on Monday at 08:00 (Europe/Lisbon)", in the interface language. */
export function scheduleText(digest: Digest, t: TFunction, language: string): string {
  const s = digest.attributes.schedule;
  const at = { hour: hourText(s.hour), zone: s.timeZone };
  if (s.frequency === 'weekly')
    return t('schedule.weeklyOn', { ...at, day: weekdayName(s.dayOfWeek ?? 1, language) });
  if (s.frequency === 'monthly') return t('schedule.monthlyOn', { ...at, date: s.dayOfMonth ?? 1 });
  return t('schedule.dailyAt', at);
}

/** The scope as a reader says it: "All domains", "Group: Brands", "2 domains: a.com, b.com". */
export function scopeText(digest: Digest, t: TFunction): string {
  const a = digest.attributes;
  if (a.allDomains) return t('scope.all');
  if (a.domainGroup !== null) return t('scope.groupNamed', { name: a.domainGroupName ?? a.domainGroup });
  return t('scope.domainsNamed', { count: a.domains.length, names: a.domains.join(', ') });
}
