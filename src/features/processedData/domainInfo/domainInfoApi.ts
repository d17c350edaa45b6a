import { call, send } from '../../../api/call';
import { domainInfoOps } from '../../../../contract/operations/domain-info';
import { domainOps } from '../../../../contract/operations/domains';
import type { CurrentDomain, DomainOption, HistoryPage, HistoryQuery } from './types';

export const historyPageSize = 10;

const withOrg = (organization?: number) => (organization ? { organization } : undefined);

/** The organization's domains for the picker (GET /v2/domains/), by name. */
export async function fetchDomainOptions(
  organization?: number,
  signal?: AbortSignal,
): Promise<DomainOption[]> {
  const query = { page: 1, page_size: 100, ...withOrg(organization) };
  const data = await call(domainOps.listV2, { query }, { signal });
  return data.data
    .map((d) => ({ id: d.id, name: d.attributes.name }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/** The current domain: the four calls of spec §7 (/domains/{d}/dmarc-record/, spf-record, ips, dkim-signatures). */
export async function fetchCurrentDomain(
  { name, organization }: { name: string; organization?: number },
  signal?: AbortSignal,
): Promise<CurrentDomain> {
  const input = { params: { name }, query: withOrg(organization) };
  const [dmarc, spf, ips, dkim] = await Promise.all([
    call(domainInfoOps.dmarcRecord, input, { signal }).then((r) => r.data),
    call(domainInfoOps.spfRecord, input, { signal }).then((r) => r.data),
    call(domainInfoOps.ips, input, { signal }).then((r) => r.data),
    call(domainInfoOps.dkimSignatures, input, { signal }).then((r) => r.data),
  ]);
  return { dmarc, spf, ips: ips.ips, dkim };
}

/** GET /v2/domains/{id}/history/{type}/, newest first. */
export async function fetchHistory(q: HistoryQuery, signal?: AbortSignal): Promise<HistoryPage> {
  const input = { params: { id: q.id, type: q.type }, query: { page: q.page, page_size: historyPageSize } };
  const { data } = await send(domainInfoOps.history, input, { signal });
  return data as HistoryPage;
}
