import type { z } from 'zod';
import type { auditList, auditQuery } from '../../../contract/audit';
import type { Wire, WireQuery } from '../../../contract/casing';
import type { settingsDocument, settingsPatch } from '../../../contract/settings';
import { call } from '../../api/call';
import { auditOps } from '../../../contract/operations/audit';
import { settingsOps } from '../../../contract/operations/settings';

export type AuditPage = Wire<typeof auditList>;
export type AuditOperation = AuditPage['data'][number];
type AuditQuery = WireQuery<typeof auditQuery>;
/**
 * The filter form: the contract's fields, each as the text of its input (the server checks it and answers a
 * 400 with the field's message), and the page.
 */
export type AuditFilter = Record<
  keyof Pick<AuditQuery, 'user' | 'operation' | 'dateFrom' | 'dateTo'>,
  string
> &
  Required<Pick<AuditQuery, 'page'>>;

export async function fetchAudit(f: AuditFilter): Promise<AuditPage> {
  const query = {
    page: f.page,
    user: f.user,
    operation: f.operation,
    date_from: f.dateFrom,
    date_to: f.dateTo,
  };
  return call(auditOps.operations, { query });
}

export type OrganizationSettings = Wire<typeof settingsDocument>['data']['attributes'];
/** The settings form's PATCH body, with its wire (snake_case) keys; the password only when it changes. */
export type SettingsPatch = z.input<typeof settingsPatch>;

export async function fetchOrganizationSettings(): Promise<OrganizationSettings> {
  return (await call(settingsOps.get)).data.attributes;
}

export async function saveOrganizationSettings(patch: SettingsPatch): Promise<OrganizationSettings> {
  return (await call(settingsOps.update, { body: patch })).data.attributes;
}
