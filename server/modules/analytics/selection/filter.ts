import type { Db } from '../../../db/database';
import { fieldError } from '../../../lib/errors';
import type { Actor } from '../../../lib/permissions';
import { isCalendarDay } from '../../../lib/schemas';
import { reportScope } from '../../reports';
import type { FilterQuery } from '../../../../contract/analytics';

// The global filter (spec section 3) resolved against what the caller may see. Days are UTC calendar days,
// both ends inclusive; the default window is the last seven days up to today.

export type Selection = {
  organizationId: number | 'all';
  /** null: every domain of the organization; otherwise only these policy domains (may be empty). */
  domains: string[] | null;
  begin: string;
  end: string;
};

const dayMs = 86_400_000;
// Metrics may span any window a report could fall in; a time series (one point per day) at most ten years.
export const maxRangeDays = 36_600;
export const maxSeriesDays = 3_660;

export const dayString = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (day: string, n: number) =>
  dayString(new Date(Date.parse(`${day}T00:00:00Z`) + n * dayMs));
export const normalizeDomain = (d: string) => d.trim().toLowerCase().replace(/\.$/, '');

function validDay(field: string, value: string): string {
  if (!isCalendarDay(value)) throw fieldError(field, 'invalid_date');
  return value;
}

export const spanDays = (s: { begin: string; end: string }) =>
  (Date.parse(s.end) - Date.parse(s.begin)) / dayMs + 1;

export function assertSpan(s: { begin: string; end: string }, maxDays: number) {
  if (spanDays(s) > maxDays) throw fieldError('begin_date', 'date_range_too_long', { days: maxDays });
}

export function dateWindow(q: Pick<FilterQuery, 'begin_date' | 'end_date'>, now: Date) {
  const end = q.end_date ? validDay('end_date', q.end_date) : dayString(now);
  const begin = q.begin_date ? validDay('begin_date', q.begin_date) : addDays(end, -7);
  if (begin > end) throw fieldError('end_date', 'date_range_reversed');
  assertSpan({ begin, end }, maxRangeDays);
  return { begin, end };
}

const intersect = (a: string[] | null, b: string[]) => (a === null ? b : a.filter((x) => b.includes(x)));

/**
 * The domains of the chosen domain groups (id and name), after checking every group is the caller's
 * (spec section 8's choice error otherwise). Analytics filters by name, the stored checks by id.
 */
export async function groupDomainRows(
  db: Db,
  organizationId: number | 'all',
  ids: number[],
): Promise<{ id: number; name: string }[]> {
  let groups = db.selectFrom('domain_groups').select(['id']).where('id', 'in', ids);
  if (organizationId !== 'all') groups = groups.where('organization_id', '=', organizationId);
  const found = new Set((await groups.execute()).map((g) => g.id));
  const missing = ids.find((i) => !found.has(i));
  if (missing !== undefined) throw fieldError('domain_groups', 'invalid_choice_value', { value: missing });
  return db
    .selectFrom('domain_group_domains as gd')
    .innerJoin('domains as d', 'd.id', 'gd.domain_id')
    .select(['d.id', 'd.name'])
    .where('gd.group_id', 'in', ids)
    .execute();
}

async function groupDomains(db: Db, organizationId: number | 'all', ids: number[]): Promise<string[]> {
  const rows = await groupDomainRows(db, organizationId, ids);
  return [...new Set(rows.map((r) => normalizeDomain(r.name)))];
}

/**
 * Scope from the caller (their organization; support: all or ?organization=; a member limited to some
 * domains keeps that limit), narrowed by domain groups and domain. `fixed` comes from the path.
 */
export async function resolveSelection(
  db: Db,
  actor: Actor,
  q: FilterQuery,
  now: Date,
  fixed: { organization?: number; domain?: string; group?: number } = {},
): Promise<Selection> {
  const { begin, end } = dateWindow(q, now);
  const scope = await reportScope(db, actor, fixed.organization ?? q.organization);
  let domains = scope.domains === null ? null : scope.domains.map(normalizeDomain);
  // The path's group and the query's groups narrow in turn; several query groups are a union.
  for (const groups of [fixed.group === undefined ? [] : [fixed.group], q.domain_groups ?? []])
    if (groups.length > 0) domains = intersect(domains, await groupDomains(db, scope.organizationId, groups));
  for (const d of [fixed.domain, q.domain])
    if (d !== undefined) domains = intersect(domains, [normalizeDomain(d)]);
  return { organizationId: scope.organizationId, domains, begin, end };
}
