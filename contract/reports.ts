import { z } from 'zod';
import { listDocument } from './paging';

// DMARC aggregate reports on the wire (RFC 7489 appendix C, as stored): /api/dm/dmarc/aggregate-reports/,
// one report, its records and the DKIM signatures seen for a domain. Attributes are strict objects: a
// field the server adds but the contract does not name fails the reply instead of going out undocumented.

const nullableText = z.string().nullable();

// The published policy the report states (policy_published), with the domain it was published for.
export const policyPublishedSchema = z.strictObject({
  domain: z.string(),
  adkim: z.string(),
  aspf: z.string(),
  p: z.string(),
  sp: nullableText,
  np: nullableText,
  pct: z.number().nullable(),
  fo: nullableText,
  testing: nullableText,
  discovery_method: nullableText,
});

export const aggregateReportAttributes = z.strictObject({
  organization: z.number().int().nullable(),
  domain: z.string(),
  org_name: z.string(),
  email: z.string(),
  extra_contact_info: nullableText,
  report_id: z.string(),
  begin_date: z.string(),
  end_date: z.string(),
  version: nullableText,
  generator: nullableText,
  errors: z.array(z.string()),
  policy_published: policyPublishedSchema,
  records_count: z.number().int(),
  messages_count: z.number(),
  /** What the parser noticed and repaired or skipped (docs/INGESTION.md). */
  warnings: z.array(z.string()),
  source: z.enum(['upload', 'cli', 'imap', 'smtp', 'bench']),
  received_at: z.string(),
  /** Whether GET .../{id}/file/ answers the report's own bytes. */
  has_file: z.boolean(),
});
export const aggregateReportResource = z.object({
  type: z.literal('aggregate-reports'),
  id: z.number().int(),
  attributes: aggregateReportAttributes,
});
export const aggregateReportList = listDocument(aggregateReportResource);
export const aggregateReportDocument = z.object({ data: aggregateReportResource });

export const recordAttributes = z.strictObject({
  source_ip: z.string(),
  reverse_dns: nullableText,
  sender_service: nullableText,
  count: z.number().int(),
  disposition: z.string(),
  dkim: z.string(),
  spf: z.string(),
  reasons: z.array(z.strictObject({ type: z.string(), comment: nullableText })),
  header_from: z.string(),
  envelope_from: nullableText,
  envelope_to: nullableText,
  spf_results: z.array(
    z.strictObject({
      domain: z.string(),
      scope: nullableText,
      result: z.string(),
      human_result: nullableText,
    }),
  ),
});
export const recordResource = z.object({
  type: z.literal('dmarc-records'),
  id: z.number().int(),
  attributes: recordAttributes,
  dkim_signatures: z.array(
    z.object({
      id: z.number().int(),
      attributes: z.strictObject({
        domain: z.string(),
        selector: nullableText,
        result: z.string(),
        human_result: nullableText,
      }),
    }),
  ),
});
export const recordList = listDocument(recordResource);

export const dkimSignatureList = z.object({
  data: z.array(
    z.object({
      type: z.literal('dkim-signatures'),
      id: z.string(),
      attributes: z.strictObject({
        domain: z.string(),
        selector: nullableText,
        messages: z.number(),
        passed: z.number(),
        last_seen: z.string(),
      }),
    }),
  ),
});
