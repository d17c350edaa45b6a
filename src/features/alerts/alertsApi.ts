import type { z } from 'zod';
import type { Wire, WireQuery } from '../../../contract/casing';
import type {
  alertBacktestBody,
  alertCreateBody,
  alertDocument,
  alertIdParams,
  alertListDocument,
  alertListQuery,
  alertPatchBody,
  backtestDocument,
  conditionListDocument,
  firingListDocument,
  firingListQuery,
} from '../../../contract/alerts';
import { api, apiBase } from '../../api/client';

// The alerts area under /api/dm; every shape is the contract's (contract/alerts.ts, docs/ALERTS.md).
export const alertsUrl = `${apiBase.dm}/alerts/`;
const conditionsUrl = `${apiBase.dm}/conditions/`;

export type AlertPage = Wire<typeof alertListDocument>;
export type Alert = Wire<typeof alertDocument>['data'];
export type Condition = Wire<typeof conditionListDocument>['data'][number];
export type FiringPage = Wire<typeof firingListDocument>;
export type Firing = FiringPage['data'][number];
export type Backtest = Wire<typeof backtestDocument>['data'];
/** Bodies go out in the wire's own spelling (the client does not convert requests). */
export type AlertCreate = z.input<typeof alertCreateBody>;
export type AlertPatch = z.input<typeof alertPatchBody>;
export type BacktestBody = z.input<typeof alertBacktestBody>;

type AlertListQuery = WireQuery<typeof alertListQuery>;
/** The list's page and search as the page holds them. */
export type AlertsQuery = Required<Pick<AlertListQuery, 'page'>> & Pick<AlertListQuery, 'search'>;
/** One alert's firings: the path's id and the page. */
export type FiringsQuery = z.output<typeof alertIdParams> &
  Required<Pick<WireQuery<typeof firingListQuery>, 'page'>>;

const one = (id: number) => `${alertsUrl}${id}/`;

export async function fetchAlerts(q: AlertsQuery, signal?: AbortSignal): Promise<AlertPage> {
  const params: z.input<typeof alertListQuery> = { page: q.page };
  if (q.search?.trim()) params.search = q.search.trim();
  return (await api.get<AlertPage>(alertsUrl, { params, signal })).data;
}

export async function fetchConditions(signal?: AbortSignal): Promise<Condition[]> {
  return (await api.get<Wire<typeof conditionListDocument>>(conditionsUrl, { signal })).data.data;
}

export async function createAlert(body: AlertCreate): Promise<Alert> {
  return (await api.post<Wire<typeof alertDocument>>(alertsUrl, body)).data.data;
}

export async function updateAlert(id: number, body: AlertPatch): Promise<Alert> {
  return (await api.patch<Wire<typeof alertDocument>>(one(id), body)).data.data;
}

export async function deleteAlert(id: number): Promise<void> {
  await api.delete(one(id));
}

export async function fetchFirings(q: FiringsQuery, signal?: AbortSignal): Promise<FiringPage> {
  return (
    await api.get<FiringPage>(`${one(q.id)}firings/`, {
      params: { page: q.page } satisfies z.input<typeof firingListQuery>,
      signal,
    })
  ).data;
}

export async function backtest(body: BacktestBody, signal?: AbortSignal): Promise<Backtest> {
  return (await api.post<Wire<typeof backtestDocument>>(`${alertsUrl}backtest/`, body, { signal })).data.data;
}
