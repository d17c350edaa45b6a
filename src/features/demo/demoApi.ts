import type { Wire } from '../../../contract/casing';
import type { demoLoadedDocument, demoStateDocument } from '../../../contract/demo';
import { call } from '../../api/call';
import { demoOps } from '../../../contract/operations/demo';

// Demo data for an empty organization (contract/demo.ts): may the caller load it, and load it.
export type DemoState = Wire<typeof demoStateDocument>['data'];
export type DemoLoaded = Wire<typeof demoLoadedDocument>['data'];

export async function fetchDemoState(signal?: AbortSignal): Promise<DemoState> {
  return (await call(demoOps.status, {}, { signal })).data;
}

export async function loadDemoData(): Promise<DemoLoaded> {
  return (await call(demoOps.load)).data;
}
