import type { z } from 'zod';
import { saveFile } from '../../api/saveFile';
import { api, apiBase } from '../../api/client';
import { queryParams } from '../../api/queryParams';
import type { Wire } from '../../../contract/casing';
import type { aggregateReportDocument, recordsQuery, reportListQuery } from '../../../contract/reports';
import type { uploadResponse } from '../../../contract/upload';
import type {
  AggregateReport,
  DmarcRecord,
  FailureReport,
  ListQuery,
  Paged,
  ReportKind,
  TlsReport,
  UploadOutcome,
} from './types';

const base = `${apiBase.dm}/dmarc`;
export const reportsUrls = {
  aggregate: `${base}/aggregate-reports/`,
  tls: `${base}/tls-reports/`,
  failure: `${base}/failure-reports/`,
  upload: `${base}/reports/upload/`,
} as const;

/** Records shown per page in a report's detail. */
export const recordsPageSize = 50;

const listParams = (q: ListQuery) =>
  queryParams<typeof reportListQuery>({
    page: q.page,
    domain: q.domain,
    begin_date: q.beginDate,
    end_date: q.endDate,
    search: q.search?.trim(),
  });

async function getList<T>(url: string, q: ListQuery, signal?: AbortSignal): Promise<Paged<T>> {
  const { data } = await api.get<Paged<T>>(url, { params: listParams(q), signal });
  return data;
}

export const fetchAggregateReports = (q: ListQuery, signal?: AbortSignal) =>
  getList<AggregateReport>(reportsUrls.aggregate, q, signal);
export const fetchTlsReports = (q: ListQuery, signal?: AbortSignal) =>
  getList<TlsReport>(reportsUrls.tls, q, signal);
export const fetchFailureReports = (q: ListQuery, signal?: AbortSignal) =>
  getList<FailureReport>(reportsUrls.failure, q, signal);

export async function fetchAggregateReport(id: number, signal?: AbortSignal): Promise<AggregateReport> {
  const { data } = await api.get<Wire<typeof aggregateReportDocument>>(`${reportsUrls.aggregate}${id}/`, {
    signal,
  });
  return data.data;
}

export async function fetchReportRecords(
  { id, page }: { id: number; page: number },
  signal?: AbortSignal,
): Promise<Paged<DmarcRecord>> {
  const { data } = await api.get<Paged<DmarcRecord>>(`${reportsUrls.aggregate}${id}/records/`, {
    params: { page, page_size: recordsPageSize } satisfies z.input<typeof recordsQuery>,
    signal,
  });
  return data;
}

const fileUrls: Record<ReportKind, string> = {
  aggregate: reportsUrls.aggregate,
  tls: reportsUrls.tls,
  failure: reportsUrls.failure,
};

/** The name in Content-Disposition (RFC 6266: filename* wins over filename). */
export function dispositionName(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/** GET .../{id}/file/: the original file as received, saved through a temporary link. */
export async function downloadReportFile(kind: ReportKind, id: number): Promise<void> {
  const response = await api.get<Blob>(`${fileUrls[kind]}${id}/file/`, {
    responseType: 'blob',
    rawResponse: true,
  });
  const name = dispositionName(response.headers['content-disposition']) ?? `report-${id}`;
  saveFile(response.data, name);
}

/** POST /dmarc/reports/upload/ with one file, so each file has its own progress and outcome. */
export async function uploadReportFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('filenames', file.name);
  form.append('files', file, file.name);
  const { data } = await api.post<Wire<typeof uploadResponse>>(reportsUrls.upload, form, {
    signal,
    onUploadProgress: (event) => {
      if (event.total) onProgress(Math.min(1, event.loaded / event.total));
    },
  });
  const outcome = data.data[0];
  if (!outcome) throw new Error('empty upload answer');
  return outcome;
}
