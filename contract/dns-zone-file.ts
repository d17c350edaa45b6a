import { z } from 'zod';
import { code } from './error-codes';
import { answerExample, bodyExample, sample } from './example';
import { rrsetSchema } from './dns';

// A zone as a BIND master file (RFC 1035 section 5), under /api/dm: the export is PowerDNS's own text; an
// import is previewed (what each rrset of the file would change) and then applied as one change set.
// An import replaces only the rrsets the file holds; every other rrset of the zone stays as it is.

/** The largest zone file accepted, in characters (10,000 records of about 100 characters). */
export const maxZoneFileLength = 1_000_000;

// The errors catalogue's zone_file_too_long names the bound as {{max}}.
const zoneText = z.string().min(1).max(maxZoneFileLength, code('zone_file_too_long'));
const fileExample = [
  '$ORIGIN example.com.',
  '$TTL 3600',
  '@      MX  10 mx1',
  '_dmarc TXT "v=DMARC1; p=reject; rua=mailto:dmarc@example.com"',
].join('\n');

export const zoneImportPreviewBody = bodyExample(z.object({ text: zoneText }), { text: fileExample });
export const zoneImportBody = bodyExample(
  z.object({
    text: zoneText,
    /** The zone's version when the preview was made (optimistic concurrency, as for a change set). */
    version: z.number().int().min(0),
  }),
  { text: fileExample, version: 6 },
);

export const importChangeSchema = z.object({
  name: z.string(),
  type: z.string(),
  action: z.enum(['added', 'changed']),
  before: rrsetSchema.nullable(),
  after: rrsetSchema,
});
export const zoneImportPreviewDocument = answerExample(
  z.object({
    /** The zone's version the preview was made against: send it back to apply. */
    version: z.number().int(),
    /** rrsets of the file already in the zone as written. */
    unchanged: z.number().int(),
    changes: z.array(importChangeSchema),
  }),
  {
    version: 6,
    unchanged: 1,
    changes: [
      {
        name: `_dmarc.${sample.domain}.`,
        type: 'TXT',
        action: 'added',
        before: null,
        after: {
          name: `_dmarc.${sample.domain}.`,
          type: 'TXT',
          ttl: 3600,
          records: [{ content: `"v=DMARC1; p=reject; rua=mailto:dmarc@${sample.domain}"`, disabled: false }],
          comments: [],
        },
      },
    ],
  },
);

export const zoneExportExample = `${sample.domain}.\t3600\tIN\tMX\t10 mx1.${sample.domain}.\n`;
