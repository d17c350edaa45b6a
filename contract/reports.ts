import { z } from 'zod';
import { calendarDay } from './fields';
import { listDocument, pageQueryShape } from './paging';

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

// TLS (RFC 8460) and failure (RFC 6591) reports: the key columns every report has, the totals the lists
// show (stored JSON, so z.object: a key an older version wrote is dropped), and the parsed report itself
// (`details`, snake_cased like the rest of the document).
const otherReportBase = {
  organization: z.number().int().nullable(),
  domain: z.string(),
  org_name: z.string(),
  report_id: z.string(),
  begin_date: z.string(),
  end_date: z.string(),
  records_count: z.number().int(),
  messages_count: z.number(),
  warnings: z.array(z.string()),
  source: aggregateReportAttributes.shape.source,
  received_at: z.string(),
  has_file: z.boolean(),
};

// RFC 8460 §4.4 failure-details entry.
const tlsFailureDetail = z.object({
  result_type: z.string(),
  sending_mta_ip: nullableText,
  receiving_mx_hostname: nullableText,
  receiving_mx_helo: nullableText,
  receiving_ip: nullableText,
  failed_session_count: z.number(),
  additional_information: nullableText,
  failure_reason_code: nullableText,
});
export const tlsPolicyResultSchema = z.object({
  policy: z.object({
    type: z.string().describe("'sts', 'tlsa' or 'no-policy-found' (other words kept as sent)"),
    string: z.array(z.string()),
    domain: z.string(),
    mx_host: z.array(z.string()),
  }),
  summary: z.object({ total_successful_session_count: z.number(), total_failure_session_count: z.number() }),
  failure_details: z.array(tlsFailureDetail),
});

export const tlsReportAttributes = z.object({
  ...otherReportBase,
  successful_sessions: z.number(),
  failed_sessions: z.number(),
  policy_types: z.array(z.string()),
  contact_info: nullableText,
  details: z.object({
    kind: z.literal('tls'),
    organization_name: z.string(),
    date_range: z.object({ start: z.string(), end: z.string() }),
    contact_info: nullableText,
    report_id: z.string(),
    policies: z.array(tlsPolicyResultSchema),
    warnings: z.array(z.string()),
  }),
});
export const tlsReportList = listDocument(
  z.object({ type: z.literal('tls-reports'), id: z.number().int(), attributes: tlsReportAttributes }),
);

export const failureReportAttributes = z.object({
  ...otherReportBase,
  source_ip: nullableText,
  auth_failure: z.array(z.string()).describe('RFC 6591 Auth-Failure: adsp, bodyhash, revoked, spf, ...'),
  arrival_date: nullableText,
  original_mail_from: nullableText,
  delivery_result: nullableText,
  dkim_domain: nullableText,
  dkim_selector: nullableText,
  details: z.object({
    kind: z.literal('failure'),
    feedback_type: z.string(),
    reporter: z.string(),
    message_id: nullableText,
    report_id: z.string(),
    user_agent: nullableText,
    version: nullableText,
    reported_domain: z.string(),
    source_ip: nullableText,
    auth_failure: z.array(z.string()),
    arrival_date: nullableText,
    original_mail_from: nullableText,
    original_rcpt_to: z.array(z.string()),
    original_envelope_id: nullableText,
    reporting_mta: nullableText,
    authentication_results: z.array(z.string()),
    delivery_result: nullableText,
    identity_alignment: nullableText,
    dkim: z.object({ domain: nullableText, identity: nullableText, selector: nullableText }),
    spf_dns: nullableText,
    reported_uris: z.array(z.string()),
    original_headers: nullableText.describe('Header block of the reported message, size-capped'),
    warnings: z.array(z.string()),
  }),
});
export const failureReportList = listDocument(
  z.object({ type: z.literal('failure-reports'), id: z.number().int(), attributes: failureReportAttributes }),
);

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
});
export const uploadResponse = z.object({
  data: z.array(uploadOutcomeSchema),
  meta: z.object({ imported: z.number(), duplicate: z.number(), rejected: z.number(), error: z.number() }),
});

/** A report file or logo as bytes: OpenAPI's binary string, under the media type the route sends. */
export const binaryBody = z.string().meta({ format: 'binary' });

// Requests: the report lists (aggregate, TLS, failure), one report and its records, the DKIM signatures seen.
const day = calendarDay();
const id = z.coerce.number().int().positive().max(2_147_483_647);

export const reportIdParams = z.object({ id });
export const reportListQuery = z.object({
  ...pageQueryShape,
  domain: z.string().max(253).optional(),
  begin_date: day.optional(),
  end_date: day.optional(),
  organization: id.optional(),
  search: z.string().max(255).optional(),
});
export const recordsQuery = z.object({ ...pageQueryShape, page_size: pageQueryShape.page_size });
export const dkimQuery = z.object({ domain: z.string().min(1).max(253), organization: id.optional() });

// Multipart: repeated file field `files`, and optionally a repeated text field `filenames` naming them in order.
export const uploadBody = z.looseObject({});
