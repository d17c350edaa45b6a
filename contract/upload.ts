import { z } from 'zod';
import { detailErrorSchema } from './errors';
import { answerExample, sample } from './example';
import { nullableText } from './reports';

// POST /api/dm/dmarc/reports/upload/: one outcome per file sent, and the totals.
export const uploadOutcomeSchema = z.object({
  file: z.string(),
  status: z.enum(['imported', 'duplicate', 'rejected', 'error']),
  kind: z.enum(['aggregate', 'tls', 'failure']).nullable(),
  reason: nullableText,
  org_name: nullableText,
  report_id: nullableText,
  domain: nullableText,
  records: z.number(),
  messages: z.number(),
  warnings: z.array(z.string()),
  /** What retention does to the file's stored reports (docs/INGESTION.md, "Retention at import"). */
  retention: z
    .object({
      days: z.number().int().describe("The organization's retention, in days"),
      kept_until: z.string().describe('UTC day through which the earliest of the reports is kept'),
      expired: z.boolean().describe('Already older than the retention: removed by the next hourly run'),
      held: z.boolean().describe('No organization claims the reports: kept the default retention'),
    })
    .nullable(),
});
export const uploadResponse = answerExample(
  z.object({
    data: z.array(uploadOutcomeSchema),
    meta: z.object({ imported: z.number(), duplicate: z.number(), rejected: z.number(), error: z.number() }),
  }),
  {
    data: [
      {
        file: 'google.com!example.com!1777852800!1777939199.xml.gz',
        status: 'imported',
        kind: 'aggregate',
        reason: null,
        org_name: 'google.com',
        report_id: '15830427153964401786',
        domain: sample.domain,
        records: 3,
        messages: 412,
        warnings: [],
        retention: { days: 30, kept_until: '2026-06-03', expired: false, held: false },
      },
    ],
    meta: { imported: 1, duplicate: 0, rejected: 0, error: 0 },
  },
);

/** A report file or logo as bytes: OpenAPI's binary string, under the media type the route sends. */
export const binaryBody = z.string().meta({ format: 'binary' });

// Multipart: repeated file field `files`, and optionally a repeated text field `filenames` naming them in order.
export const uploadBody = z.looseObject({});

/** A refused upload (411 without a length, 413 over the size limits): a detail, as the common errors. */
export const uploadRefusal = detailErrorSchema.loose();
