import type { z } from 'zod';
import type { Wire, WireQuery } from '../../../contract/casing';
import type {
  createBody,
  listQuery,
  networksDocument,
  networksPutBody,
  networksRefreshedDocument,
  recalculatedDocument,
  senderDocument,
  senderListDocument,
} from '../../../contract/email-senders';
import { api, apiBase } from '../../api/client';

// Contract 5, under /api/dm/dmarc/aggregate-reports/; the shapes are the contract's
// (contract/email-senders.ts).
const base = `${apiBase.dm}/dmarc/aggregate-reports`;
export const sendersUrl = `${base}/email-senders/`;

export type EmailSenderPage = Wire<typeof senderListDocument>;
export type EmailSender = Wire<typeof senderDocument>['data'];
export type Recalculated = Wire<typeof recalculatedDocument>;
type SenderListQuery = WireQuery<typeof listQuery>;
/** The list's page and search as the section holds them (the contract's listQuery). */
export type SendersQuery = Required<Pick<SenderListQuery, 'page'>> & Pick<SenderListQuery, 'search'>;
type SenderAnswer = Wire<typeof senderDocument>;

const one = (id: number) => `${sendersUrl}${id}/`;

export async function fetchSenders(q: SendersQuery, signal?: AbortSignal): Promise<EmailSenderPage> {
  const params: z.input<typeof listQuery> = { page: q.page };
  if (q.search?.trim()) params.search = q.search.trim();
  return (await api.get<EmailSenderPage>(sendersUrl, { params, signal })).data;
}

export async function createSender(name: string): Promise<EmailSender> {
  const body: z.input<typeof createBody> = { name };
  return (await api.post<SenderAnswer>(sendersUrl, body)).data.data;
}

export async function updateSender(id: number, name: string): Promise<EmailSender> {
  const body: z.input<typeof createBody> = { name };
  return (await api.patch<SenderAnswer>(one(id), body)).data.data;
}

export async function deleteSender(id: number): Promise<void> {
  await api.delete(one(id));
}

export async function uploadLogo(id: number, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  await api.post(`${one(id)}logo/`, form);
}

export async function deleteLogo(id: number): Promise<void> {
  await api.delete(`${one(id)}logo/`);
}

/** PUT replaces every network of the sender with these ranges. */
export async function replaceNetworks(id: number, ranges: string[]): Promise<void> {
  const body: z.input<typeof networksPutBody> = { networks: ranges.map((range) => ({ range })) };
  await api.put<Wire<typeof networksDocument>>(`${one(id)}networks/`, body);
}

export async function refreshNetworks(id: number): Promise<Wire<typeof networksRefreshedDocument>> {
  return (await api.post<Wire<typeof networksRefreshedDocument>>(`${one(id)}networks/refresh/`)).data;
}

export async function recalculate(): Promise<Recalculated> {
  return (await api.post<Recalculated>(`${base}/networks/recalculate/`)).data;
}
