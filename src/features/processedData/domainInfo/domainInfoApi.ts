import { api, apiBase } from '../../../api/client';
import type {
  CurrentDomain,
  CurrentRecord,
  DkimSignature,
  DomainIp,
  DomainOption,
  HistoryPage,
  HistoryQuery,
} from './types';

const dm = apiBase.dm;
export const historyPageSize = 10;

const withOrg = (organization?: number) => (organization ? { organization } : undefined);

/** The organization's domains for the picker (GET /v2/domains/), by name. */
export async function fetchDomainOptions(
  organization?: number,
  signal?: AbortSignal,
): Promise<DomainOption[]> {
  const { data } = await api.get<{ data: { id: number | string; attributes: { name: string } }[] }>(
    `${dm}/v2/domains/`,
    { params: { page: 1, page_size: 100, ...withOrg(organization) }, signal },
  );
  return data.data
    .map((d) => ({ id: Number(d.id), name: d.attributes.name }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/** The current domain: the four calls of spec §7 (/domains/{d}/dmarc-record/, spf-record, ips, dkim-signatures). */
export async function fetchCurrentDomain(
  { name, organization }: { name: string; organization?: number },
  signal?: AbortSignal,
): Promise<CurrentDomain> {
  const url = (part: string) => `${dm}/domains/${encodeURIComponent(name)}/${part}/`;
  const get = <T>(part: string) =>
    api.get<{ data: T }>(url(part), { params: withOrg(organization), signal }).then((r) => r.data.data);
  const [dmarc, spf, ips, dkim] = await Promise.all([
    get<CurrentRecord>('dmarc-record'),
    get<CurrentRecord>('spf-record'),
    get<{ ips: DomainIp[] }>('ips'),
    get<DkimSignature[]>('dkim-signatures'),
  ]);
  return { dmarc, spf, ips: ips.ips, dkim };
}

/** GET /v2/domains/{id}/history/{type}/, newest first. */
export async function fetchHistory(q: HistoryQuery, signal?: AbortSignal): Promise<HistoryPage> {
  const { data } = await api.get<HistoryPage>(`${dm}/v2/domains/${q.domainId}/history/${q.type}/`, {
    params: { page: q.page, page_size: historyPageSize },
    signal,
  });
  return data;
}
