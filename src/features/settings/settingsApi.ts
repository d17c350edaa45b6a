import type { z } from 'zod';
import type { auditList } from '../../../contract/audit';
import type { Wire } from '../../../contract/casing';
import type { settingsDocument, settingsPatch } from '../../../contract/settings';
import { api, apiBase } from '../../api/client';

const ph = apiBase.ph;

export type AuditPage = Wire<typeof auditList>;
export type AuditOperation = AuditPage['data'][number];
export type AuditFilter = { user: string; operation: string; dateFrom: string; dateTo: string; page: number };

export function auditQueryString(f: AuditFilter): string {
  const params = new URLSearchParams({ page: String(f.page) });
  if (f.user) params.set('user', f.user);
  if (f.operation) params.set('operation', f.operation);
  if (f.dateFrom) params.set('date_from', f.dateFrom);
  if (f.dateTo) params.set('date_to', f.dateTo);
  return `?${params.toString()}`;
}

export async function fetchAudit(filter: AuditFilter): Promise<AuditPage> {
  return (await api.get<AuditPage>(`${ph}/v2/audit/operations/${auditQueryString(filter)}`)).data;
}

export type OrganizationSettings = Wire<typeof settingsDocument>['data']['attributes'];
/** The settings form's PATCH body, with its wire (snake_case) keys; the password only when it changes. */
export type SettingsPatch = z.input<typeof settingsPatch>;
type SettingsAnswer = Wire<typeof settingsDocument>;

export async function fetchOrganizationSettings(): Promise<OrganizationSettings> {
  return (await api.get<SettingsAnswer>(`${ph}/settings/organization/`)).data.data.attributes;
}

export async function saveOrganizationSettings(patch: SettingsPatch): Promise<OrganizationSettings> {
  return (await api.patch<SettingsAnswer>(`${ph}/settings/organization/`, patch)).data.data.attributes;
}
