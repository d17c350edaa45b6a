import type { z } from 'zod';
import type { Wire, WireQuery } from '../../../contract/casing';
import type {
  conflictDocument,
  historyQuery,
  rrsetChangeSchema,
  zoneCreateBody,
  zoneListQuery,
  zonePatchBody,
} from '../../../contract/dns';
import type { zoneImportBody } from '../../../contract/dns-zone-file';
import { dnsOps } from '../../../contract/operations/dns';
import { call, send, type Answer, type QueryOf } from '../../api/call';
import { saveFile } from '../../api/saveFile';
import { dispositionName } from '../processedData/reportsApi';

// DNS hosting under /api/dm (docs/DNS.md); every call is a descriptor (contract/operations/dns.ts).
export type DnsStatus = Answer<typeof dnsOps.status>;
export type ZonePage = Answer<typeof dnsOps.listZones>;
export type ZoneSummary = ZonePage['data'][number];
export type Zone = Answer<typeof dnsOps.zone>;
export type Rrset = Zone['rrsets'][number];
export type HistoryPage = Answer<typeof dnsOps.history>;
export type HistoryItem = HistoryPage['data'][number];
/** A 409's body, camelCased here (error bodies arrive in the wire's spelling). */
export type Conflict = Wire<typeof conflictDocument>;
/** Bodies go out in the wire's own spelling (the client does not convert requests). */
export type ZoneCreate = z.input<typeof zoneCreateBody>;
export type ZonePatch = z.input<typeof zonePatchBody>;
export type RrsetChange = z.input<typeof rrsetChangeSchema>;

export type ImportPreview = Answer<typeof dnsOps.previewImport>;
export type ZoneImport = z.input<typeof zoneImportBody>;

export type Dnssec = Answer<typeof dnsOps.dnssec>;
export type FixList = Answer<typeof dnsOps.fixes>;
export type Fix = FixList['fixes'][number];

export type ZonesQuery = Required<Pick<WireQuery<typeof zoneListQuery>, 'page'>>;
type ChangeListQuery = WireQuery<typeof historyQuery>;
/** A zone's history as the page asks for it: by zone, optionally one name, paged. */
export type HistoryQuery = Required<Pick<ChangeListQuery, 'page'>> & Pick<ChangeListQuery, 'zone' | 'name'>;

const one = (zone: string) => ({ params: { zone } });

export async function fetchStatus(signal?: AbortSignal): Promise<DnsStatus> {
  return call(dnsOps.status, {}, { signal });
}

export async function fetchZones(q: ZonesQuery, signal?: AbortSignal): Promise<ZonePage> {
  return call(dnsOps.listZones, { query: { page: q.page } }, { signal });
}

export async function createZone(body: ZoneCreate): Promise<Zone> {
  return call(dnsOps.createZone, { body });
}

export async function fetchZone(zone: string, signal?: AbortSignal): Promise<Zone> {
  return call(dnsOps.zone, one(zone), { signal });
}

export async function patchZone(zone: string, body: ZonePatch): Promise<Zone> {
  return call(dnsOps.patchZone, { ...one(zone), body });
}

export async function deleteZone(zone: string): Promise<void> {
  await call(dnsOps.deleteZone, one(zone));
}

export async function fetchHistory(q: HistoryQuery, signal?: AbortSignal): Promise<HistoryPage> {
  const query: QueryOf<typeof dnsOps.history> = { zone: q.zone, page: q.page };
  if (q.name?.trim()) query.name = q.name.trim();
  return call(dnsOps.history, { query }, { signal });
}

export async function revertChangeSet(id: number): Promise<Zone> {
  return call(dnsOps.revert, { params: { id } });
}

/** The zone as a BIND master file, saved under the name the server gives it. */
export async function downloadZoneFile(zone: string): Promise<void> {
  const response = await send(dnsOps.exportZone, one(zone), {
    responseType: 'text',
    rawResponse: true,
    headers: { Accept: 'text/plain' },
  });
  const name = dispositionName(response.headers['content-disposition']) ?? `${zone}zone`;
  saveFile(new Blob([response.data], { type: 'text/plain;charset=utf-8' }), name);
}

export async function previewImport(zone: string, text: string): Promise<ImportPreview> {
  return call(dnsOps.previewImport, { ...one(zone), body: { text } });
}

export async function importZoneFile(zone: string, body: ZoneImport): Promise<Zone> {
  return call(dnsOps.importZone, { ...one(zone), body });
}

export async function fetchDnssec(zone: string, signal?: AbortSignal): Promise<Dnssec> {
  return call(dnsOps.dnssec, one(zone), { signal });
}

export async function setDnssec(zone: string, enabled: boolean): Promise<Dnssec> {
  return call(dnsOps.setDnssec, { ...one(zone), body: { enabled } });
}

export async function fetchFixes(zone: string, signal?: AbortSignal): Promise<FixList> {
  return call(dnsOps.fixes, one(zone), { signal });
}

export async function applyFix(zone: string, kind: Fix['kind'], version: number): Promise<Zone> {
  return call(dnsOps.applyFix, { params: { zone, kind }, body: { version } });
}
