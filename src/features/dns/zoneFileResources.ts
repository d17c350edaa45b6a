import { codesOf, codeText, errorBody, messagesOf } from '../../api/errors';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import * as dnsApi from './dnsApi';
import type { Dnssec, ImportPreview, Zone, ZoneImport } from './dnsApi';
import { afterChange, serviceMessage, zoneResource } from './dnsResources';
import './locale';

// A zone as a BIND master file (docs/DNS.md "Zone files"): its download, an import's preview and applying it;
// and its DNSSEC signing (docs/DNS.md "DNSSEC").
const t = (key: string) => i18n.t(key, { ns: 'dns' });

export const zoneExportResource = registerResource(
  createResource<string, void>({
    name: 'dnsZoneExport',
    kind: 'write',
    method: 'get',
    request: (zone) => dnsApi.downloadZoneFile(zone),
    failureMessage: (error) => serviceMessage(error) ?? t('messages.exportFailed'),
  }),
);

/**
 * The file's problems by line ({ text: ["Line 3: …"] }), in the reader's language: each problem's code has
 * its line among its values, worded as "Line {{line}}: {{message}}" (zone_file_line).
 */
export function fileProblems(body: Record<string, unknown> | null | undefined): string[] {
  const codes = codesOf(body, 'text');
  return messagesOf(body?.text).map((message, i) => {
    const { line, ...params } = codes[i]?.params ?? {};
    const problem = codes[i] ? codeText({ code: codes[i].code, params }, message) : message;
    if (problem === message) return message;
    return codeText({ code: 'zone_file_line', params: { line: line ?? '', message: problem } }, message);
  });
}

// A file refused by line shows its lines in the dialog, beside the file: a toast would only repeat it vaguely.
const importFailure = (error: unknown) =>
  fileProblems(errorBody(error)).length ? null : (serviceMessage(error) ?? t('messages.importFailed'));

export const importPreviewResource = registerResource(
  createResource<{ zone: string; text: string }, ImportPreview>({
    name: 'dnsImportPreview',
    kind: 'write',
    method: 'post',
    request: (p) => dnsApi.previewImport(p.zone, p.text),
    failureMessage: importFailure,
  }),
);

export const zoneImportResource = registerResource(
  createResource<{ zone: string; body: ZoneImport }, Zone>({
    name: 'dnsZoneImport',
    kind: 'write',
    method: 'post',
    request: (p) => dnsApi.importZoneFile(p.zone, p.body),
    successMessage: () => t('messages.imported'),
    failureMessage: importFailure,
    onSuccess: afterChange,
  }),
);

export const dnssecResource = registerResource(
  createResource<string, Dnssec>({
    name: 'dnsDnssec',
    kind: 'read',
    request: (zone, { signal }) => dnsApi.fetchDnssec(zone, signal),
    failureMessage: (error) => serviceMessage(error) ?? t('messages.dnssecFailed'),
  }),
);

export const dnssecSetResource = registerResource(
  createResource<{ zone: string; enabled: boolean }, Dnssec>({
    name: 'dnsDnssecSet',
    kind: 'write',
    method: 'put',
    request: (p) => dnsApi.setDnssec(p.zone, p.enabled),
    successMessage: (state) => t(state.enabled ? 'messages.signed' : 'messages.unsigned'),
    failureMessage: (error) => serviceMessage(error) ?? t('messages.dnssecSetFailed'),
    // The zone's header says whether it is signed: read it again.
    onSuccess: (state) => [dnssecResource.actions.change(state), zoneResource.actions.request(state.zone)],
  }),
);
