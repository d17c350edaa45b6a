import { z } from 'zod';
import { detailDocument } from './fields';
import { answerExample, sample } from './example';

// Announcements on the wire, under /api/ph/publications/: the caller's organization's and everyone's,
// each with whether the caller has marked it seen.
export { detailDocument };
export const publicationResource = z.object({
  type: z.literal('publications'),
  id: z.number().int(),
  attributes: z.object({ title: z.string(), body: z.string(), created_at: z.string(), seen: z.boolean() }),
});
export const publicationListDocument = answerExample(z.object({ data: z.array(publicationResource) }), {
  data: [
    {
      type: 'publications',
      id: 2,
      attributes: {
        title: 'TLS reports are here',
        body: 'msas now reads SMTP TLS reports (RFC 8460) next to your DMARC reports.',
        created_at: sample.time,
        seen: false,
      },
    },
  ],
});
