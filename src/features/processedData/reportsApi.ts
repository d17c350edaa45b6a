import { saveFile } from '../../api/saveFile';
import { call, send } from '../../api/call';
import { reportOps } from '../../../contract/operations/reports';
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

/** Records shown per page in a report's detail. */
export const recordsPageSize = 50;

const listQuery = (q: ListQuery) => ({
  page: q.page,
  domain: q.domain,
  begin_date: q.beginDate,
  end_date: q.endDate,
  search: q.search?.trim(),
});

type ListOp = typeof reportOps.aggregates | typeof reportOps.tlsReports | typeof reportOps.failureReports;

async function getList<T>(op: ListOp, q: ListQuery, signal?: AbortSignal): Promise<Paged<T>> {
  const { data } = await send(op, { query: listQuery(q) }, { signal });
  return data as unknown as Paged<T>;
}

export const fetchAggregateReports = (q: ListQuery, signal?: AbortSignal) =>
  getList<AggregateReport>(reportOps.aggregates, q, signal);
export const fetchTlsReports = (q: ListQuery, signal?: AbortSignal) =>
  getList<TlsReport>(reportOps.tlsReports, q, signal);
export const fetchFailureReports = (q: ListQuery, signal?: AbortSignal) =>
  getList<FailureReport>(reportOps.failureReports, q, signal);

export async function fetchAggregateReport(id: number, signal?: AbortSignal): Promise<AggregateReport> {
  return (await call(reportOps.aggregate, { params: { id } }, { signal })).data;
}

export async function fetchReportRecords(
  { id, page }: { id: number; page: number },
  signal?: AbortSignal,
): Promise<Paged<DmarcRecord>> {
  const query = { page, page_size: recordsPageSize };
  return (await call(reportOps.records, { params: { id }, query }, { signal })) as Paged<DmarcRecord>;
}

const fileOps = {
  aggregate: reportOps.aggregateFile,
  tls: reportOps.tlsFile,
  failure: reportOps.failureFile,
} as const satisfies Record<ReportKind, unknown>;

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
  const response = await send(fileOps[kind], { params: { id } }, { responseType: 'blob', rawResponse: true });
  const name = dispositionName(response.headers['content-disposition']) ?? `report-${id}`;
  saveFile(response.data as unknown as Blob, name);
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
  const data = await call(
    reportOps.upload,
    { body: form },
    {
      signal,
      onUploadProgress: (event) => {
        if (event.total) onProgress(Math.min(1, event.loaded / event.total));
      },
    },
  );
  const outcome = data.data[0];
  if (!outcome) throw new Error('empty upload answer');
  return outcome;
}
