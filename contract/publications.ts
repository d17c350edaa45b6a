import { z } from 'zod';
import { detailDocument } from './fields';

// Announcements on the wire, under /api/ph/publications/: the caller's organization's and everyone's,
// each with whether the caller has marked it seen.
export { detailDocument };
export const publicationResource = z.object({
  type: z.literal('publications'),
  id: z.number().int(),
  attributes: z.object({ title: z.string(), body: z.string(), created_at: z.string(), seen: z.boolean() }),
});
export const publicationListDocument = z.object({ data: z.array(publicationResource) });
