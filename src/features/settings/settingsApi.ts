import { api, apiBase } from '../../api/client';

const ph = apiBase.ph;

export type AuditOperation = {
  id: number;
  attributes: {
    name: string;
    date: string;
    user: number | null;
    request: unknown;
    response: { status: number };
  };
};
export type AuditFilter = { user: string; operation: string; dateFrom: string; dateTo: string; page: number };
export type AuditPage = {
  data: AuditOperation[];
  meta: { count: number; page: number; pageSize: number; operations: string[] };
};

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

export type OrganizationSettings = {
  defaultLanguage: 'en' | 'pt';
  layoutTheme: 'primaryTheme' | 'carrierTheme';
  retentionDays: number;
  maxRetentionDays: number;
  alertDefaults: { destinationAddresses: string[]; isActive: boolean };
  ruaMailbox: {
    host: string | null;
    port: number | null;
    username: string | null;
    tls: boolean;
    folder: string;
    passwordSet: boolean;
    lastPollAt: string | null;
    lastPollStatus: string | null;
  };
};

export type SettingsPatch = {
  default_language: string;
  layout_theme: string;
  retention_days: number;
  alert_defaults: { destination_addresses: string[]; is_active: boolean };
  rua_mailbox: {
    host: string | null;
    port: number | null;
    username: string | null;
    password?: string;
    tls: boolean;
    folder: string;
  };
};

export async function fetchOrganizationSettings(): Promise<OrganizationSettings> {
  return (await api.get<{ data: { attributes: OrganizationSettings } }>(`${ph}/settings/organization/`)).data
    .data.attributes;
}

export async function saveOrganizationSettings(patch: SettingsPatch): Promise<OrganizationSettings> {
  return (
    await api.patch<{ data: { attributes: OrganizationSettings } }>(`${ph}/settings/organization/`, patch)
  ).data.data.attributes;
}
