import type { WireQuery } from '../../../contract/casing';
import type { listQuery } from '../../../contract/email-senders';
import { emailSenderOps as ops } from '../../../contract/operations/email-senders';
import { call, type Answer } from '../../api/call';

// Contract 5, under /api/dm/dmarc/aggregate-reports/; the shapes are the contract's
// (contract/email-senders.ts).
/** The list, also offered as CSV (the section's export). */
export const sendersList = ops.list;

export type EmailSenderPage = Answer<typeof ops.list>;
export type EmailSender = Answer<typeof ops.get>['data'];
export type Recalculated = Answer<typeof ops.recalculate>;
type SenderListQuery = WireQuery<typeof listQuery>;
/** The list's page and search as the section holds them (the contract's listQuery). */
export type SendersQuery = Required<Pick<SenderListQuery, 'page'>> & Pick<SenderListQuery, 'search'>;

export async function fetchSenders(q: SendersQuery, signal?: AbortSignal): Promise<EmailSenderPage> {
  return call(ops.list, { query: { page: q.page, search: q.search?.trim() } }, { signal });
}

export async function createSender(name: string): Promise<EmailSender> {
  return (await call(ops.create, { body: { name } })).data;
}

export async function updateSender(id: number, name: string): Promise<EmailSender> {
  return (await call(ops.update, { params: { id }, body: { name } })).data;
}

export async function deleteSender(id: number): Promise<void> {
  await call(ops.delete, { params: { id } });
}

export async function uploadLogo(id: number, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  // The route also takes JSON {file}; the SPA sends the multipart form.
  await call(ops.uploadLogo, { params: { id }, body: form as never });
}

export async function deleteLogo(id: number): Promise<void> {
  await call(ops.deleteLogo, { params: { id } });
}

/** PUT replaces every network of the sender with these ranges. */
export async function replaceNetworks(id: number, ranges: string[]): Promise<void> {
  await call(ops.replaceNetworks, { params: { id }, body: { networks: ranges.map((range) => ({ range })) } });
}

export async function refreshNetworks(id: number): Promise<Answer<typeof ops.refreshNetworks>> {
  return call(ops.refreshNetworks, { params: { id } });
}

export async function recalculate(): Promise<Recalculated> {
  return call(ops.recalculate);
}
