import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import * as dnsApi from './dnsApi';
import type { Fix, FixList, Zone } from './dnsApi';
import { afterChange, serviceMessage } from './dnsResources';
import './locale';

// A zone's suggested fixes (docs/DNS.md "Suggested fixes"): the list and applying one.
const t = (key: string) => i18n.t(key, { ns: 'dns' });

export const fixesResource = registerResource(
  createResource<string, FixList>({
    name: 'dnsFixes',
    kind: 'read',
    request: (zone, { signal }) => dnsApi.fetchFixes(zone, signal),
    failureMessage: (error) => serviceMessage(error) ?? t('messages.fixesFailed'),
  }),
);

export const fixApplyResource = registerResource(
  createResource<{ zone: string; kind: Fix['kind']; version: number }, Zone>({
    name: 'dnsFixApply',
    kind: 'write',
    method: 'post',
    request: (p) => dnsApi.applyFix(p.zone, p.kind, p.version),
    successMessage: () => t('messages.fixApplied'),
    failureMessage: (error) => serviceMessage(error) ?? t('messages.fixFailed'),
    // The zone, its history and what is left to fix, read again.
    onSuccess: (zone) => [...afterChange(zone), fixesResource.actions.request(zone.name)],
  }),
);
