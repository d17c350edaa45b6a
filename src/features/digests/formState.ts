import type { digestFrequencies, digestTimeFrames } from '../../../contract/digests';
import type { Digest, DigestCreate, DigestType } from './digestsApi';

export type Frequency = (typeof digestFrequencies)[number];
export type TimeFrame = (typeof digestTimeFrames)[number];
export type ScopeChoice = 'all' | 'group' | 'domains';
export type Language = 'en' | 'pt';

/** What the form holds: selects and text as chosen or typed; the body is made from it on save. */
export type DigestForm = {
  name: string;
  frequency: Frequency;
  dayOfWeek: number;
  dayOfMonth: number;
  hour: number;
  timeZone: string;
  timeFrame: TimeFrame;
  scope: ScopeChoice;
  domainGroup: string;
  specificDomains: number[];
  includeDetailsPerSystem: boolean;
  includeAggregationByIp: boolean;
  includeAggregationBySenderService: boolean;
  addresses: string;
  quietWeek: 'send' | 'skip';
  language: Language;
};

/** The organization's digests keep their frequency, time frame and scope (docs/DIGESTS.md). */
export const isFixed = (type: DigestType) => type !== 'scheduled';

/** The browser's own zone, the likeliest one for a person setting a time of day. */
export function localZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function emptyForm(type: DigestType, name: string, language: Language): DigestForm {
  const monthly = type === 'monthly';
  return {
    name,
    frequency: type === 'scheduled' ? 'weekly' : type,
    dayOfWeek: 1,
    dayOfMonth: 1,
    hour: 8,
    timeZone: localZone(),
    timeFrame: monthly ? 'last_month' : 'last_7_days',
    scope: 'all',
    domainGroup: '',
    specificDomains: [],
    // The organization's digests carry every section unless told otherwise; a user's report starts lean.
    includeDetailsPerSystem: isFixed(type),
    includeAggregationByIp: isFixed(type),
    includeAggregationBySenderService: isFixed(type),
    addresses: '',
    quietWeek: 'send',
    language,
  };
}

export function formOf(digest: Digest): DigestForm {
  const a = digest.attributes;
  return {
    name: a.name,
    frequency: a.schedule.frequency,
    dayOfWeek: a.schedule.dayOfWeek ?? 1,
    dayOfMonth: a.schedule.dayOfMonth ?? 1,
    hour: a.schedule.hour,
    timeZone: a.schedule.timeZone,
    timeFrame: a.timeFrame,
    scope: a.allDomains ? 'all' : a.domainGroup !== null ? 'group' : 'domains',
    domainGroup: a.domainGroup === null ? '' : String(a.domainGroup),
    specificDomains: a.specificDomains,
    includeDetailsPerSystem: a.includeDetailsPerSystem,
    includeAggregationByIp: a.includeAggregationByIp,
    includeAggregationBySenderService: a.includeAggregationBySenderService,
    addresses: a.destinationAddresses.join('\n'),
    quietWeek: a.quietWeek,
    language: a.language,
  };
}

export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The body of a create or a change; the server validates every field. An organization digest sends no
 * time frame or scope (they are fixed) and its own frequency.
 */
export function bodyOf(type: DigestType, form: DigestForm): DigestCreate {
  const body: DigestCreate = {
    name: form.name.trim(),
    schedule: {
      frequency: form.frequency,
      day_of_week: form.frequency === 'weekly' ? form.dayOfWeek : null,
      day_of_month: form.frequency === 'monthly' ? form.dayOfMonth : null,
      hour: form.hour,
      time_zone: form.timeZone.trim(),
    },
    include_details_per_system: form.includeDetailsPerSystem,
    include_aggregation_by_ip: form.includeAggregationByIp,
    include_aggregation_by_sender_service: form.includeAggregationBySenderService,
    destination_addresses: splitAddresses(form.addresses),
    quiet_week: form.quietWeek,
    language: form.language,
  };
  if (isFixed(type)) return body;
  return {
    ...body,
    time_frame: form.timeFrame,
    all_domains: form.scope === 'all',
    domain_group: form.scope === 'group' && form.domainGroup !== '' ? Number(form.domainGroup) : null,
    specific_domains: form.scope === 'domains' ? form.specificDomains : [],
  };
}
