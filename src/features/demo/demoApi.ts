import type { Wire } from '../../../contract/casing';
import type { demoLoadedDocument, demoStateDocument } from '../../../contract/demo';
import { api, apiBase } from '../../api/client';

// Demo data for an empty organization (contract/demo.ts): may the caller load it, and load it.
export const demoUrl = `${apiBase.dm}/demo-data/`;

export type DemoState = Wire<typeof demoStateDocument>['data'];
export type DemoLoaded = Wire<typeof demoLoadedDocument>['data'];

export async function fetchDemoState(signal?: AbortSignal): Promise<DemoState> {
  return (await api.get<{ data: DemoState }>(demoUrl, { signal })).data.data;
}

export async function loadDemoData(): Promise<DemoLoaded> {
  return (await api.post<{ data: DemoLoaded }>(demoUrl)).data.data;
}
