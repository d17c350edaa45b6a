import type { z } from 'zod';
import type { WireQuery } from '../../../contract/casing';
import type {
  alertBacktestBody,
  alertCreateBody,
  alertIdParams,
  alertListQuery,
  alertPatchBody,
  firingListQuery,
} from '../../../contract/alerts';
import { alertOps } from '../../../contract/operations/alerts';
import { call, type Answer, type QueryOf } from '../../api/call';

// The alerts area under /api/dm; every call is a descriptor (contract/operations/alerts.ts, docs/ALERTS.md).
export type AlertPage = Answer<typeof alertOps.list>;
export type Alert = Answer<typeof alertOps.read>['data'];
export type Condition = Answer<typeof alertOps.conditions>['data'][number];
export type FiringPage = Answer<typeof alertOps.firings>;
export type Firing = FiringPage['data'][number];
export type Backtest = Answer<typeof alertOps.backtest>['data'];
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

export async function fetchAlerts(q: AlertsQuery, signal?: AbortSignal): Promise<AlertPage> {
  const query: QueryOf<typeof alertOps.list> = { page: q.page };
  if (q.search?.trim()) query.search = q.search.trim();
  return call(alertOps.list, { query }, { signal });
}

export async function fetchConditions(signal?: AbortSignal): Promise<Condition[]> {
  return (await call(alertOps.conditions, {}, { signal })).data;
}

export async function createAlert(body: AlertCreate): Promise<Alert> {
  return (await call(alertOps.create, { body })).data;
}

export async function updateAlert(id: number, body: AlertPatch): Promise<Alert> {
  return (await call(alertOps.update, { params: { id }, body })).data;
}

export async function deleteAlert(id: number): Promise<void> {
  await call(alertOps.delete, { params: { id } });
}

export async function fetchFirings(q: FiringsQuery, signal?: AbortSignal): Promise<FiringPage> {
  return call(alertOps.firings, { params: { id: q.id }, query: { page: q.page } }, { signal });
}

export async function backtest(body: BacktestBody, signal?: AbortSignal): Promise<Backtest> {
  return (await call(alertOps.backtest, { body }, { signal })).data;
}

// Acknowledge and snooze a firing (its incident), from the history modal.
export type SnoozeDuration = '1h' | '1d' | '1w';

export async function acknowledgeFiring(id: number, firingId: number): Promise<Firing> {
  return (await call(alertOps.acknowledge, { params: { id, firing_id: firingId } })).data;
}

export async function snoozeFiring(id: number, firingId: number, duration: SnoozeDuration): Promise<Firing> {
  return (await call(alertOps.snooze, { params: { id, firing_id: firingId }, body: { duration } })).data;
}
