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
import { api, apiBase } from '../../api/client';
import { saveFile } from '../../api/saveFile';
import { dispositionName } from '../processedData/reportsApi';

// Digest reports under /api/dm/digest-reports/; every shape is the contract's (contract/digests.ts,
// docs/DIGESTS.md). `scheduled` reports are the user's; `weekly` and `monthly` are the organization's digests.
export const digestsUrl = `${apiBase.dm}/digest-reports/`;

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

const one = (r: DigestRef) => `${digestsUrl}${r.type}/${r.id}/`;

export async function fetchScheduled(q: DigestsQuery, signal?: AbortSignal): Promise<DigestPage> {
  const params: z.input<typeof digestListQuery> = { type: 'scheduled', page: q.page };
  if (q.search?.trim()) params.search = q.search.trim();
  return (await api.get<DigestPage>(digestsUrl, { params, signal })).data;
}

/** The organization's weekly and monthly digests (at most one of each), null where there is none. */
export async function fetchOrganizationDigests(
  signal?: AbortSignal,
): Promise<Record<'weekly' | 'monthly', Digest | null>> {
  const get = (type: 'weekly' | 'monthly') =>
    api.get<DigestPage>(digestsUrl, {
      params: { type, page: 1, page_size: 1 } satisfies z.input<typeof digestListQuery>,
      signal,
    });
  const [weekly, monthly] = await Promise.all([get('weekly'), get('monthly')]);
  return { weekly: weekly.data.data[0] ?? null, monthly: monthly.data.data[0] ?? null };
}

export async function createDigest(type: DigestType, body: DigestCreate): Promise<Digest> {
  return (await api.post<Wire<typeof digestDocument>>(`${digestsUrl}${type}/`, body)).data.data;
}

export async function updateDigest(ref: DigestRef, body: DigestPatch): Promise<Digest> {
  return (await api.patch<Wire<typeof digestDocument>>(one(ref), body)).data.data;
}

export async function deleteDigest(ref: DigestRef): Promise<void> {
  await api.delete(one(ref));
}

export async function fetchSends(q: SendsQuery, signal?: AbortSignal): Promise<SendPage> {
  return (
    await api.get<SendPage>(`${one(q)}sends/`, {
      params: { page: q.page } satisfies z.input<typeof digestSendsQuery>,
      signal,
    })
  ).data;
}

export async function fetchPreview(ref: DigestRef, signal?: AbortSignal): Promise<Preview> {
  return (await api.get<Preview>(`${one(ref)}preview/`, { signal })).data;
}

export async function sendNow(ref: DigestRef): Promise<SendNow> {
  return (await api.post<SendNow>(`${one(ref)}send/`)).data;
}

/** The same report as a PDF file, saved under the name the server gives it. */
export async function downloadPdf(ref: DigestRef): Promise<void> {
  // Bytes, wrapped as a Blob here: the file is saved exactly as the server sent it.
  const response = await api.get<ArrayBuffer>(`${one(ref)}pdf/`, {
    responseType: 'arraybuffer',
    rawResponse: true,
    headers: { Accept: 'application/pdf' },
  });
  const name = dispositionName(response.headers['content-disposition']) ?? `digest-${ref.id}.pdf`;
  saveFile(new Blob([response.data], { type: 'application/pdf' }), name);
}
