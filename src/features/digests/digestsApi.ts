import type { z } from 'zod';
import type { Wire, WireQuery } from '../../../contract/casing';
import type {
  digestCreateBody,
  digestDocument,
  digestListDocument,
  digestListQuery,
  digestParams,
  digestPatchBody,
  digestPreviewDocument,
  digestSendListDocument,
  digestSendNowDocument,
  digestSendsQuery,
  digestTypes,
} from '../../../contract/digests';
import { call, send, type QueryOf } from '../../api/call';
import { digestOps } from '../../../contract/operations/digests';
import { saveFile } from '../../api/saveFile';
import { dispositionName } from '../processedData/reportsApi';

// Digest reports (contract/operations/digests.ts); every shape is the contract's (contract/digests.ts,
// docs/DIGESTS.md). `scheduled` reports are the user's; `weekly` and `monthly` are the organization's digests.

export type DigestType = (typeof digestTypes)[number];
export type DigestPage = Wire<typeof digestListDocument>;
export type Digest = Wire<typeof digestDocument>['data'];
export type SendPage = Wire<typeof digestSendListDocument>;
export type Send = SendPage['data'][number];
export type Preview = Wire<typeof digestPreviewDocument>;
export type SendNow = Wire<typeof digestSendNowDocument>;
/** Bodies go out in the wire's own spelling (the client does not convert requests). */
export type DigestCreate = z.input<typeof digestCreateBody>;
export type DigestPatch = z.input<typeof digestPatchBody>;

type DigestListQuery = WireQuery<typeof digestListQuery>;
/** The scheduled list's page and search as the page holds them (the type is always 'scheduled'). */
export type DigestsQuery = Required<Pick<DigestListQuery, 'page'>> & Pick<DigestListQuery, 'search'>;
/** One digest: the path's type and id. */
export type DigestRef = z.output<typeof digestParams>;
export type SendsQuery = DigestRef & Required<Pick<WireQuery<typeof digestSendsQuery>, 'page'>>;

export async function fetchScheduled(q: DigestsQuery, signal?: AbortSignal): Promise<DigestPage> {
  const query: QueryOf<typeof digestOps.list> = { type: 'scheduled', page: q.page };
  if (q.search?.trim()) query.search = q.search.trim();
  return call(digestOps.list, { query }, { signal });
}

/** The organization's weekly and monthly digests (at most one of each), null where there is none. */
export async function fetchOrganizationDigests(
  signal?: AbortSignal,
): Promise<Record<'weekly' | 'monthly', Digest | null>> {
  const get = (type: 'weekly' | 'monthly') =>
    call(digestOps.list, { query: { type, page: 1, page_size: 1 } }, { signal });
  const [weekly, monthly] = await Promise.all([get('weekly'), get('monthly')]);
  return { weekly: weekly.data[0] ?? null, monthly: monthly.data[0] ?? null };
}

export async function createDigest(type: DigestType, body: DigestCreate): Promise<Digest> {
  return (await call(digestOps.create, { params: { type }, body })).data;
}

export async function updateDigest(ref: DigestRef, body: DigestPatch): Promise<Digest> {
  return (await call(digestOps.update, { params: ref, body })).data;
}

export async function deleteDigest(ref: DigestRef): Promise<void> {
  await call(digestOps.delete, { params: ref });
}

export async function fetchSends(q: SendsQuery, signal?: AbortSignal): Promise<SendPage> {
  return call(digestOps.sends, { params: { type: q.type, id: q.id }, query: { page: q.page } }, { signal });
}

export async function fetchPreview(ref: DigestRef, signal?: AbortSignal): Promise<Preview> {
  return call(digestOps.preview, { params: ref }, { signal });
}

export async function sendNow(ref: DigestRef): Promise<SendNow> {
  return call(digestOps.send, { params: ref });
}

/** The same report as a PDF file, saved under the name the server gives it. */
export async function downloadPdf(ref: DigestRef): Promise<void> {
  // Bytes, wrapped as a Blob here: the file is saved exactly as the server sent it.
  const response = await send(
    digestOps.pdf,
    { params: ref },
    { responseType: 'arraybuffer', rawResponse: true, headers: { Accept: 'application/pdf' } },
  );
  const name = dispositionName(response.headers['content-disposition']) ?? `digest-${ref.id}.pdf`;
  saveFile(new Blob([response.data as unknown as ArrayBuffer], { type: 'application/pdf' }), name);
}
