import dayjs from 'dayjs';
import type { z } from 'zod';
import type { filterQuery } from '../../../contract/analytics';
import { all, defaultFilter, filterDateFormat, type FilterState } from './filterSlice';

// The filter also lives in the URL: ?organization=3&domain_groups=1,2&domain=example.com
// &begin_date=2024-05-01&end_date=2024-05-08. "all" and no organization are left out.
export const filterQueryKeys = {
  organization: 'organization',
  domainGroups: 'domain_groups',
  domain: 'domain',
  beginDate: 'begin_date',
  endDate: 'end_date',
} as const satisfies Record<string, keyof z.input<typeof filterQuery>>;

export function filterToQuery(state: FilterState): URLSearchParams {
  const query = new URLSearchParams();
  if (state.organization !== null) query.set(filterQueryKeys.organization, String(state.organization));
  if (state.domainGroups !== all && state.domainGroups.length > 0)
    query.set(filterQueryKeys.domainGroups, state.domainGroups.join(','));
  if (state.domain !== all) query.set(filterQueryKeys.domain, state.domain);
  query.set(filterQueryKeys.beginDate, state.beginDate);
  query.set(filterQueryKeys.endDate, state.endDate);
  return query;
}

function parseId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function parseDate(value: string | null): string | null {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = dayjs(value);
  // dayjs rolls 2024-02-31 over to March: a date is valid only if it formats back to itself.
  return date.isValid() && date.format(filterDateFormat) === value ? value : null;
}

/** Reads the filter from a URL query; anything missing or malformed takes its default. */
export function filterFromQuery(
  searchParams: URLSearchParams | string,
  defaults: FilterState = defaultFilter(),
): FilterState {
  const query = typeof searchParams === 'string' ? new URLSearchParams(searchParams) : searchParams;
  const groups = (query.get(filterQueryKeys.domainGroups) ?? '')
    .split(',')
    .map((part) => parseId(part.trim()))
    .filter((id): id is number => id !== null);
  const domain = query.get(filterQueryKeys.domain)?.trim();
  let beginDate = parseDate(query.get(filterQueryKeys.beginDate)) ?? defaults.beginDate;
  let endDate = parseDate(query.get(filterQueryKeys.endDate)) ?? defaults.endDate;
  if (beginDate > endDate) [beginDate, endDate] = [endDate, beginDate];
  return {
    organization: parseId(query.get(filterQueryKeys.organization)) ?? defaults.organization,
    domainGroups: groups.length > 0 ? [...new Set(groups)] : defaults.domainGroups,
    domain: domain ? domain : defaults.domain,
    beginDate,
    endDate,
  };
}
