import { api, apiBase } from '../../api/client';
import type { EmailSender, EmailSenderPage, Recalculated, SendersQuery } from './types';

// Contract 5, under /api/dm/dmarc/aggregate-reports/.
const base = `${apiBase.dm}/dmarc/aggregate-reports`;
export const sendersUrl = `${base}/email-senders/`;
const one = (id: number) => `${sendersUrl}${id}/`;

export async function fetchSenders(q: SendersQuery, signal?: AbortSignal): Promise<EmailSenderPage> {
  const params: Record<string, string | number> = { page: q.page };
  if (q.search?.trim()) params.search = q.search.trim();
  return (await api.get<EmailSenderPage>(sendersUrl, { params, signal })).data;
}

export async function createSender(name: string): Promise<EmailSender> {
  return (await api.post<{ data: EmailSender }>(sendersUrl, { name })).data.data;
}

export async function updateSender(id: number, name: string): Promise<EmailSender> {
  return (await api.patch<{ data: EmailSender }>(one(id), { name })).data.data;
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
  await api.put(`${one(id)}networks/`, { networks: ranges.map((range) => ({ range })) });
}

export async function refreshNetworks(id: number): Promise<unknown> {
  return (await api.post(`${one(id)}networks/refresh/`)).data;
}

export async function recalculate(): Promise<Recalculated> {
  return (await api.post<Recalculated>(`${base}/networks/recalculate/`)).data;
}
