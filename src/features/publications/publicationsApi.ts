import type { Wire } from '../../../contract/casing';
import type { detailDocument, publicationListDocument } from '../../../contract/publications';
import { call } from '../../api/call';
import { publicationOps as ops } from '../../../contract/operations/publications';

// Announcements under /api/ph/publications/; the shapes are the contract's (contract/publications.ts).
type PublicationList = Wire<typeof publicationListDocument>;
export type Publication = PublicationList['data'][number];

export async function fetchPublications(): Promise<Publication[]> {
  return (await call(ops.list)).data;
}

export async function markSeen(id: number): Promise<Wire<typeof detailDocument>> {
  return call(ops.seen, { params: { id } });
}
