import { errorBody, errorMessage, refusalMessage } from '../../api/errors';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import * as dnsApi from './dnsApi';
import type { DnsStatus, HistoryPage, HistoryQuery, Zone, ZoneCreate, ZonePage, ZonePatch } from './dnsApi';
import './locale';

const t = (key: string) => i18n.t(key, { ns: 'dns' });

/** 409, 502 and 503 carry a code or a state the user should read in their language. */
export function serviceMessage(error: unknown): string | null {
  const status = (error as { response?: { status?: number } } | null)?.response?.status;
  const code = errorBody(error)?.code;
  if (status === 409) return t('messages.stale');
  if (code === 'dns_unavailable') return t('messages.unavailable');
  if (code === 'dns_not_configured') return t('messages.notConfigured');
  return null;
}

export const dnsStatusResource = registerResource(
  createResource<void, DnsStatus>({
    name: 'dnsStatus',
    kind: 'read',
    request: (_p, { signal }) => dnsApi.fetchStatus(signal),
    failureMessage: () => t('messages.statusFailed'),
  }),
);

export const zonesResource = registerResource(
  createResource<{ page: number }, ZonePage>({
    name: 'dnsZones',
    kind: 'read',
    request: (q, { signal }) => dnsApi.fetchZones(q, signal),
    failureMessage: (error) => serviceMessage(error) ?? t('messages.listFailed'),
  }),
);

const reloadZones = () => zonesResource.actions.request({ page: 1 });

export const zoneCreateResource = registerResource(
  createResource<ZoneCreate, Zone>({
    name: 'dnsZoneCreate',
    kind: 'write',
    method: 'post',
    request: (body) => dnsApi.createZone(body),
    successMessage: () => t('messages.created'),
    // Spec section 8: the name's errors, else the catalogue message. A zone still hosted for the name is a
    // question the form asks (take over or replace), not a failure.
    failureMessage: (error) =>
      errorBody(error)?.code === 'zone_hosted'
        ? null
        : (serviceMessage(error) ??
          refusalMessage(error) ??
          errorMessage(error, t('messages.createFailed'), {
            from: [{ field: 'name' }, { field: 'nameservers' }],
          })),
    onSuccess: reloadZones,
  }),
);

export const zoneDeleteResource = registerResource(
  createResource<string, void>({
    name: 'dnsZoneDelete',
    kind: 'write',
    method: 'delete',
    request: (zone) => dnsApi.deleteZone(zone),
    successMessage: () => t('messages.deleted'),
    // Spec section 8: the server's error, else the catalogue message.
    failureMessage: (error) =>
      errorMessage(error, t('messages.deleteFailed'), { from: ['detail', 'allFields'] }),
    onSuccess: reloadZones,
  }),
);

export const zoneResource = registerResource(
  createResource<string, Zone>({
    name: 'dnsZone',
    kind: 'read',
    request: (zone, { signal }) => dnsApi.fetchZone(zone, signal),
    failureMessage: (error) => serviceMessage(error) ?? t('messages.zoneFailed'),
  }),
);

export const historyResource = registerResource(
  createResource<HistoryQuery, HistoryPage>({
    name: 'dnsHistory',
    kind: 'read',
    request: (q, { signal }) => dnsApi.fetchHistory(q, signal),
    failureMessage: (error) => serviceMessage(error) ?? t('messages.historyFailed'),
  }),
);

// After a change the editor shows the zone as the server answered it, and the history starts over.
export const afterChange = (zone: Zone) => [
  zoneResource.actions.change(zone),
  historyResource.actions.request({ zone: zone.name, page: 1 }),
];

export const zoneApplyResource = registerResource(
  createResource<{ zone: string; body: ZonePatch }, Zone>({
    name: 'dnsZoneApply',
    kind: 'write',
    method: 'patch',
    request: (p) => dnsApi.patchZone(p.zone, p.body),
    successMessage: () => t('messages.applied'),
    // Spec section 8, as spelled; the field messages show on their rrsets in the editor.
    failureMessage: (error) => serviceMessage(error) ?? t('messages.updateFailed'),
    onSuccess: afterChange,
  }),
);

export const revertResource = registerResource(
  createResource<number, Zone>({
    name: 'dnsRevert',
    kind: 'write',
    method: 'post',
    request: (id) => dnsApi.revertChangeSet(id),
    successMessage: () => t('messages.reverted'),
    failureMessage: (error) =>
      errorMessage(error, serviceMessage(error) ?? t('messages.revertFailed'), { from: 'allFields' }),
    onSuccess: afterChange,
  }),
);
