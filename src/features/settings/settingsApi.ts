import type { z } from 'zod';
import type { auditList, auditQuery } from '../../../contract/audit';
import type { Wire, WireQuery } from '../../../contract/casing';
import type { settingsDocument, settingsPatch } from '../../../contract/settings';
import { api, apiBase } from '../../api/client';
import { queryParams } from '../../api/queryParams';

const ph = apiBase.ph;

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

export function auditQueryString(f: AuditFilter): string {
  const params = queryParams<typeof auditQuery>({
    page: f.page,
    user: f.user,
    operation: f.operation,
    date_from: f.dateFrom,
    date_to: f.dateTo,
  });
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
