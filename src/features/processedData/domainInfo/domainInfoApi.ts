import { api, apiBase } from '../../../api/client';
import type { z } from 'zod';
import type { Wire } from '../../../../contract/casing';
import type {
  currentRecordDocument,
  domainDkimDocument,
  domainIpsDocument,
  historyQuery,
} from '../../../../contract/domain-info';
import type { domainListDocument, domainListQuery } from '../../../../contract/domains';
import type { CurrentDomain, DomainOption, HistoryPage, HistoryQuery } from './types';

const dm = apiBase.dm;
export const historyPageSize = 10;

const withOrg = (organization?: number) => (organization ? { organization } : undefined);

/** The organization's domains for the picker (GET /v2/domains/), by name. */
export async function fetchDomainOptions(
  organization?: number,
  signal?: AbortSignal,
): Promise<DomainOption[]> {
  const { data } = await api.get<Wire<typeof domainListDocument>>(`${dm}/v2/domains/`, {
    params: { page: 1, page_size: 100, ...withOrg(organization) } satisfies z.input<typeof domainListQuery>,
    signal,
  });
  return data.data
    .map((d) => ({ id: d.id, name: d.attributes.name }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/** The current domain: the four calls of spec §7 (/domains/{d}/dmarc-record/, spf-record, ips, dkim-signatures). */
export async function fetchCurrentDomain(
  { name, organization }: { name: string; organization?: number },
  signal?: AbortSignal,
): Promise<CurrentDomain> {
  const url = (part: string) => `${dm}/domains/${encodeURIComponent(name)}/${part}/`;
  const get = <D extends { data: unknown }>(part: string): Promise<D['data']> =>
    api.get<D>(url(part), { params: withOrg(organization), signal }).then((r) => r.data.data);
  const [dmarc, spf, ips, dkim] = await Promise.all([
    get<Wire<typeof currentRecordDocument>>('dmarc-record'),
    get<Wire<typeof currentRecordDocument>>('spf-record'),
    get<Wire<typeof domainIpsDocument>>('ips'),
    get<Wire<typeof domainDkimDocument>>('dkim-signatures'),
  ]);
  return { dmarc, spf, ips: ips.ips, dkim };
}

/** GET /v2/domains/{id}/history/{type}/, newest first. */
export async function fetchHistory(q: HistoryQuery, signal?: AbortSignal): Promise<HistoryPage> {
  const { data } = await api.get<HistoryPage>(`${dm}/v2/domains/${q.id}/history/${q.type}/`, {
    params: { page: q.page, page_size: historyPageSize } satisfies z.input<typeof historyQuery>,
    signal,
  });
  return data;
}
