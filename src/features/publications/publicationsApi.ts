import type { Wire } from '../../../contract/casing';
import type { detailDocument, publicationListDocument } from '../../../contract/publications';
import { api, apiBase } from '../../api/client';

// Announcements under /api/ph/publications/; the shapes are the contract's (contract/publications.ts).
type PublicationList = Wire<typeof publicationListDocument>;
export type Publication = PublicationList['data'][number];

export async function fetchPublications(): Promise<Publication[]> {
  return (await api.get<PublicationList>(`${apiBase.ph}/publications/`)).data.data;
}

export async function markSeen(id: number): Promise<Wire<typeof detailDocument>> {
  return (await api.post<Wire<typeof detailDocument>>(`${apiBase.ph}/publications/${id}/seen/`)).data;
}
