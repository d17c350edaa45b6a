import type { Db } from '../../db/database';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { isSupport, type Actor } from '../../lib/permissions';
import {
  addNetworks,
  deleteNetworks,
  deleteSenderRow,
  findSender,
  insertSender,
  nameTaken,
  networksOf,
  type SenderRow,
  updateSenderRow,
} from './repo';
import type { SenderAttributes, SenderInput } from '../../../contract/email-senders';

// The email-sender catalogue is one for the installation (attribution is per source IP, shared by every
// organization): every signed-in user reads it, only support users (platform staff) change it.

export const sendersPath = '/api/dm/dmarc/aggregate-reports/email-senders/';

export const logoUrl = (s: Pick<SenderRow, 'id' | 'logo_mime' | 'logo_version'>) =>
  s.logo_mime ? `${sendersPath}${s.id}/logo/?v=${s.logo_version}` : null;

export function assertCanManage(actor: Actor): void {
  if (!isSupport(actor)) throw forbidden();
}

export function senderResource(s: SenderRow, networks: { range: string }[]) {
  const attributes: SenderAttributes = {
    name: s.name,
    created_date: new Date(s.created_date).toISOString(),
    networks: networks.map((n) => ({ range: n.range })),
    logo: logoUrl(s),
    spf_includes: s.spf_includes,
    reverse_dns_suffixes: s.reverse_dns_suffixes,
    file: null,
  };
  return { type: 'email-senders' as const, id: String(s.id), attributes };
}

export async function senderDocument(db: Db, id: number) {
  const s = await findSender(db, id);
  if (!s) throw notFound();
  const networks = await networksOf(db, [id]);
  return { data: senderResource(s, networks.get(id) ?? []) };
}

export async function existing(db: Db, id: number): Promise<SenderRow> {
  const s = await findSender(db, id);
  if (!s) throw notFound();
  return s;
}

export async function createSender(db: Db, input: SenderInput & { name: string }) {
  if (await nameTaken(db, input.name)) return fieldError('name', 'sender_name_taken');
  const id = await insertSender(db, {
    name: input.name,
    spf_includes: input.spf_includes ?? [],
    reverse_dns_suffixes: input.reverse_dns_suffixes ?? [],
  });
  return senderDocument(db, id);
}

export async function updateSender(db: Db, id: number, input: SenderInput) {
  await existing(db, id);
  if (input.name !== undefined && (await nameTaken(db, input.name, id)))
    return fieldError('name', 'sender_name_taken');
  const set = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.spf_includes ? { spf_includes: JSON.stringify(input.spf_includes) } : {}),
    ...(input.reverse_dns_suffixes
      ? { reverse_dns_suffixes: JSON.stringify(input.reverse_dns_suffixes) }
      : {}),
  };
  if (Object.keys(set).length > 0) await updateSenderRow(db, id, set);
  return senderDocument(db, id);
}

export async function deleteSender(db: Db, id: number) {
  await existing(db, id);
  await deleteSenderRow(db, id);
  return null;
}

export async function networksDocument(db: Db, id: number) {
  await existing(db, id);
  return { data: (await networksOf(db, [id])).get(id) ?? [] };
}

/** PUT replaces every network, POST adds one (a range it already has is refused), DELETE removes some. */
export async function changeNetworks(
  db: Db,
  id: number,
  change: { replace: string[] } | { add: string } | { remove: string[] },
) {
  await existing(db, id);
  if ('replace' in change) {
    await deleteNetworks(db, id, 'all');
    await addNetworks(db, id, [...new Set(change.replace)]);
  } else if ('add' in change) {
    if ((await addNetworks(db, id, [change.add])) === 0) return fieldError('range', 'network_listed');
  } else await deleteNetworks(db, id, change.remove);
  return networksDocument(db, id);
}
