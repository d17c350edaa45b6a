import type { AggregateReportAttributes } from '../processedData/types';
import { analyticsUrls, fetchList } from './analyticsApi';
import type { AnalyticsList, ListParams, SenderDetailRow } from './types';

/** A sender-details row with the stored report it came from, when one matches (spec section 4). */
export type MergedDetail = SenderDetailRow & { reportId: number | null };

const reportsPageSize = '100';

/** The UTC day a report starts on: the day the server files its records under. */
const reportDay = (iso: string) => iso.slice(0, 10);
const key = (orgName: string, day: string) => `${orgName.trim().toLowerCase()}|${day}`;

/** Spec section 4: each detail row is merged with the matching report by organisation name and date. */
export function mergeDetails(
  rows: { attributes: SenderDetailRow }[],
  reports: { id: number | string; attributes: Pick<AggregateReportAttributes, 'orgName' | 'beginDate'> }[],
): MergedDetail[] {
  const byKey = new Map<string, number>();
  for (const r of reports) {
    const k = key(r.attributes.orgName, reportDay(r.attributes.beginDate));
    if (!byKey.has(k)) byKey.set(k, Number(r.id));
  }
  return rows.map(({ attributes: a }) => ({ ...a, reportId: byKey.get(key(a.orgName, a.date)) ?? null }));
}

export async function fetchSenderDetails(
  params: ListParams,
  signal?: AbortSignal,
): Promise<AnalyticsList<MergedDetail>> {
  const filterOnly: ListParams = {};
  for (const k of ['organization', 'domain_groups', 'domain', 'begin_date', 'end_date'])
    if (params[k]) filterOnly[k] = params[k];
  const [details, reports] = await Promise.all([
    fetchList<SenderDetailRow>(analyticsUrls.senderDetails, params, signal),
    fetchList<Pick<AggregateReportAttributes, 'orgName' | 'beginDate'>>(
      analyticsUrls.reports,
      { ...filterOnly, page: '1', page_size: reportsPageSize },
      signal,
    ),
  ]);
  const merged = mergeDetails(details.data, reports.data);
  return {
    ...details,
    data: details.data.map((row, i) => ({ ...row, attributes: merged[i] })),
  };
}
