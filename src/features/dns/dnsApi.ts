import type { z } from 'zod';
import type { Wire, WireQuery } from '../../../contract/casing';
import type {
  conflictDocument,
  dnsStatusDocument,
  historyListDocument,
  historyQuery,
  rrsetChangeSchema,
  zoneCreateBody,
  zoneDocument,
  zoneListDocument,
  zoneListQuery,
  zonePatchBody,
} from '../../../contract/dns';
import type { dnssecDocument } from '../../../contract/dns-dnssec';
import type { fixListDocument } from '../../../contract/dns-fixes';
import type { zoneImportBody, zoneImportPreviewDocument } from '../../../contract/dns-zone-file';
import { api, apiBase } from '../../api/client';
import { saveFile } from '../../api/saveFile';
import { dispositionName } from '../processedData/reportsApi';

// DNS hosting under /api/dm (docs/DNS.md); every shape is the contract's (contract/dns.ts).
export const statusUrl = `${apiBase.dm}/power-dns/status/`;
export const zonesUrl = `${apiBase.dm}/power-dns/servers/localhost/zones/`;
export const historyUrl = `${apiBase.dm}/power-dns/history/`;

export type DnsStatus = Wire<typeof dnsStatusDocument>;
export type ZonePage = Wire<typeof zoneListDocument>;
export type ZoneSummary = ZonePage['data'][number];
export type Zone = Wire<typeof zoneDocument>;
export type Rrset = Zone['rrsets'][number];
export type HistoryPage = Wire<typeof historyListDocument>;
export type HistoryItem = HistoryPage['data'][number];
/** A 409's body, camelCased here (error bodies arrive in the wire's spelling). */
export type Conflict = Wire<typeof conflictDocument>;
/** Bodies go out in the wire's own spelling (the client does not convert requests). */
export type ZoneCreate = z.input<typeof zoneCreateBody>;
export type ZonePatch = z.input<typeof zonePatchBody>;
export type RrsetChange = z.input<typeof rrsetChangeSchema>;

export type ImportPreview = Wire<typeof zoneImportPreviewDocument>;
export type ZoneImport = z.input<typeof zoneImportBody>;

export type Dnssec = Wire<typeof dnssecDocument>;
export type FixList = Wire<typeof fixListDocument>;
export type Fix = FixList['fixes'][number];

export type ZonesQuery = Required<Pick<WireQuery<typeof zoneListQuery>, 'page'>>;
type ChangeListQuery = WireQuery<typeof historyQuery>;
/** A zone's history as the page asks for it: by zone, optionally one name, paged. */
export type HistoryQuery = Required<Pick<ChangeListQuery, 'page'>> & Pick<ChangeListQuery, 'zone' | 'name'>;

const one = (zone: string) => `${zonesUrl}${encodeURIComponent(zone)}/`;

export async function fetchStatus(signal?: AbortSignal): Promise<DnsStatus> {
  return (await api.get<DnsStatus>(statusUrl, { signal })).data;
}

export async function fetchZones(q: ZonesQuery, signal?: AbortSignal): Promise<ZonePage> {
  return (
    await api.get<ZonePage>(zonesUrl, {
      params: { page: q.page } satisfies z.input<typeof zoneListQuery>,
      signal,
    })
  ).data;
}

export async function createZone(body: ZoneCreate): Promise<Zone> {
  return (await api.post<Zone>(zonesUrl, body)).data;
}

export async function fetchZone(zone: string, signal?: AbortSignal): Promise<Zone> {
  return (await api.get<Zone>(one(zone), { signal })).data;
}

export async function patchZone(zone: string, body: ZonePatch): Promise<Zone> {
  return (await api.patch<Zone>(one(zone), body)).data;
}

export async function deleteZone(zone: string): Promise<void> {
  await api.delete(one(zone));
}

export async function fetchHistory(q: HistoryQuery, signal?: AbortSignal): Promise<HistoryPage> {
  const params: z.input<typeof historyQuery> = { zone: q.zone, page: q.page };
  if (q.name?.trim()) params.name = q.name.trim();
  return (await api.get<HistoryPage>(historyUrl, { params, signal })).data;
}

export async function revertChangeSet(id: number): Promise<Zone> {
  return (await api.post<Zone>(`${historyUrl}${id}/revert/`)).data;
}

/** The zone as a BIND master file, saved under the name the server gives it. */
export async function downloadZoneFile(zone: string): Promise<void> {
  const response = await api.get<string>(`${one(zone)}export/`, {
    responseType: 'text',
    rawResponse: true,
    headers: { Accept: 'text/plain' },
  });
  const name = dispositionName(response.headers['content-disposition']) ?? `${zone}zone`;
  saveFile(new Blob([response.data], { type: 'text/plain;charset=utf-8' }), name);
}

export async function previewImport(zone: string, text: string): Promise<ImportPreview> {
  return (await api.post<ImportPreview>(`${one(zone)}import/preview/`, { text })).data;
}

export async function importZoneFile(zone: string, body: ZoneImport): Promise<Zone> {
  return (await api.post<Zone>(`${one(zone)}import/`, body)).data;
}

const dnssecUrl = (zone: string) => `${one(zone)}dnssec/`;

export async function fetchDnssec(zone: string, signal?: AbortSignal): Promise<Dnssec> {
  return (await api.get<Dnssec>(dnssecUrl(zone), { signal })).data;
}

export async function setDnssec(zone: string, enabled: boolean): Promise<Dnssec> {
  return (await api.put<Dnssec>(dnssecUrl(zone), { enabled })).data;
}

export async function fetchFixes(zone: string, signal?: AbortSignal): Promise<FixList> {
  return (await api.get<FixList>(`${one(zone)}fixes/`, { signal })).data;
}

export async function applyFix(zone: string, kind: Fix['kind'], version: number): Promise<Zone> {
  return (await api.post<Zone>(`${one(zone)}fixes/${kind}/`, { version })).data;
}
