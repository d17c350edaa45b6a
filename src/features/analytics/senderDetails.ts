import type { AggregateReportAttributes } from '../processedData';
import { analyticsLists, fetchList } from './analyticsApi';
import type { AnalyticsList, ListParams, SenderDetailRow } from './types';

/** A sender-details row with the stored report it came from, when one matches (spec section 4). */
export type MergedDetail = SenderDetailRow & { reportId: number | null };

type ReportRef = {
  id: number | string;
  attributes: Pick<AggregateReportAttributes, 'orgName' | 'beginDate'>;
};

/** The largest page the reports route serves. */
const reportsPageSize = '100';
/** The reports route's longest ?search= (server/modules/reports/schemas.ts). */
const searchMaxLength = 255;
/** Reporters looked up at once; a page of details names only a handful. */
const parallelReporters = 4;

/** The UTC day a report starts on: the day the server files its records under. */
const reportDay = (iso: string) => iso.slice(0, 10);
const key = (orgName: string, day: string) => `${orgName.trim().toLowerCase()}|${day}`;

/** Spec section 4: each detail row is merged with the matching report by organisation name and date. */
export function mergeDetails(rows: { attributes: SenderDetailRow }[], reports: ReportRef[]): MergedDetail[] {
  const byKey = new Map<string, number>();
  for (const r of reports) {
    const k = key(r.attributes.orgName, reportDay(r.attributes.beginDate));
    if (!byKey.has(k)) byKey.set(k, Number(r.id));
  }
  return rows.map(({ attributes: a }) => ({ ...a, reportId: byKey.get(key(a.orgName, a.date)) ?? null }));
}

/**
 * The reports of one reporter on the given days: the list narrowed to that reporter's name (?search= also
 * matches inside other names, so the exact match is made here) and to the first to the last of those days,
 * read page by page until every day has a report or the list ends. The route lists the newest first and a
 * report is listed on every day it covers; the rule still takes only the day it begins.
 */
async function reportsOf(orgName: string, days: string[], filter: ListParams, signal?: AbortSignal) {
  const wanted = new Set(days.map((day) => key(orgName, day)));
  const sorted = [...days].sort();
  const params: ListParams = {
    ...filter,
    begin_date: sorted[0],
    end_date: sorted[sorted.length - 1],
    page_size: reportsPageSize,
  };
  const name = orgName.trim();
  if (name && name.length <= searchMaxLength) params.search = name;
  const found: ReportRef[] = [];
  for (let page = 1; wanted.size > 0; page++) {
    const list = await fetchList<ReportRef['attributes']>(
      analyticsLists.reports,
      { ...params, page: String(page) },
      signal,
    );
    for (const report of list.data) {
      const k = key(report.attributes.orgName, reportDay(report.attributes.beginDate));
      if (wanted.delete(k)) found.push(report);
    }
    if (!list.links.next || list.data.length === 0) break;
  }
  return found;
}

/** For every (reporter, day) of the rows, one stored report of that reporter beginning that day, if any. */
export async function findReports(rows: SenderDetailRow[], filter: ListParams, signal?: AbortSignal) {
  const daysByName = new Map<string, { name: string; days: Set<string> }>();
  for (const row of rows) {
    const k = row.orgName.trim().toLowerCase();
    const entry = daysByName.get(k) ?? { name: row.orgName, days: new Set<string>() };
    entry.days.add(row.date);
    daysByName.set(k, entry);
  }
  const reporters = [...daysByName.values()];
  const found: ReportRef[] = [];
  for (let i = 0; i < reporters.length; i += parallelReporters) {
    const batch = reporters.slice(i, i + parallelReporters);
    const answers = await Promise.all(batch.map((r) => reportsOf(r.name, [...r.days], filter, signal)));
    found.push(...answers.flat());
  }
  return found;
}

export async function fetchSenderDetails(
  params: ListParams,
  signal?: AbortSignal,
): Promise<AnalyticsList<MergedDetail>> {
  // The reports route takes the filter's organization and domain; its period is narrowed per reporter.
  const filter: ListParams = {};
  for (const k of ['organization', 'domain'] as const) if (params[k]) filter[k] = params[k];
  const details = await fetchList<SenderDetailRow>(analyticsLists.senderDetails, params, signal);
  const reports = await findReports(
    details.data.map((row) => row.attributes),
    filter,
    signal,
  );
  const merged = mergeDetails(details.data, reports);
  return {
    ...details,
    data: details.data.map((row, i) => ({ ...row, attributes: merged[i] })),
  };
}
