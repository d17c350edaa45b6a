import { z } from 'zod';
import { calendarDay } from './fields';
import { listDocument, listExample, pageQueryShape } from './paging';
import { answerExample, sample } from './example';

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
const aggregateReportExample: z.output<typeof aggregateReportResource> = {
  type: 'aggregate-reports',
  id: 901,
  attributes: {
    organization: 4,
    domain: sample.domain,
    org_name: 'google.com',
    email: 'noreply-dmarc-support@google.com',
    extra_contact_info: 'https://support.google.com/a/answer/2466580',
    report_id: '15830427153964401786',
    begin_date: '2026-05-04T00:00:00.000Z',
    end_date: '2026-05-04T23:59:59.000Z',
    version: '1.0',
    generator: null,
    errors: [],
    policy_published: {
      domain: sample.domain,
      adkim: 'r',
      aspf: 'r',
      p: 'quarantine',
      sp: 'quarantine',
      np: null,
      pct: 50,
      fo: null,
      testing: null,
      discovery_method: null,
    },
    records_count: 3,
    messages_count: 412,
    warnings: [],
    source: 'imap',
    received_at: '2026-05-05T07:12:44.000Z',
    has_file: true,
  },
};
export const aggregateReportList = listExample(
  listDocument(aggregateReportResource),
  '/api/dm/dmarc/aggregate-reports/',
  [aggregateReportExample],
);
export const aggregateReportDocument = answerExample(z.object({ data: aggregateReportResource }), {
  data: aggregateReportExample,
});

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
export const recordList = listExample(
  listDocument(recordResource),
  '/api/dm/dmarc/aggregate-reports/901/records/',
  [
    {
      type: 'dmarc-records',
      id: 52007,
      attributes: {
        source_ip: sample.ip,
        reverse_dns: 'mail.example.com',
        sender_service: 'Example Mail',
        count: 410,
        disposition: 'none',
        dkim: 'pass',
        spf: 'pass',
        reasons: [],
        header_from: sample.domain,
        envelope_from: sample.domain,
        envelope_to: null,
        spf_results: [{ domain: sample.domain, scope: 'mfrom', result: 'pass', human_result: null }],
      },
      dkim_signatures: [
        {
          id: 70031,
          attributes: { domain: sample.domain, selector: 'mail2026', result: 'pass', human_result: null },
        },
      ],
    },
  ],
);

export const dkimSignatureList = answerExample(
  z.object({
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
  }),
  {
    data: [
      {
        type: 'dkim-signatures',
        id: `${sample.domain}|mail2026`,
        attributes: {
          domain: sample.domain,
          selector: 'mail2026',
          messages: 5010,
          passed: 4980,
          last_seen: sample.endDay,
        },
      },
    ],
  },
);

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
const reportBaseExample = {
  organization: 4,
  domain: sample.domain,
  begin_date: '2026-05-04T00:00:00.000Z',
  end_date: '2026-05-04T23:59:59.000Z',
  warnings: [],
  source: 'smtp' as const,
  received_at: '2026-05-05T07:12:44.000Z',
  has_file: true,
};
export const tlsReportList = listExample(
  listDocument(
    z.object({ type: z.literal('tls-reports'), id: z.number().int(), attributes: tlsReportAttributes }),
  ),
  '/api/dm/dmarc/tls-reports/',
  [
    {
      type: 'tls-reports',
      id: 77,
      attributes: {
        ...reportBaseExample,
        org_name: 'Google Inc.',
        report_id: '2026-05-04T00:00:00Z_example.com',
        records_count: 1,
        messages_count: 1302,
        successful_sessions: 1300,
        failed_sessions: 2,
        policy_types: ['sts'],
        contact_info: 'smtp-tls-reporting@google.com',
        details: {
          kind: 'tls',
          organization_name: 'Google Inc.',
          date_range: { start: '2026-05-04T00:00:00Z', end: '2026-05-04T23:59:59Z' },
          contact_info: 'smtp-tls-reporting@google.com',
          report_id: '2026-05-04T00:00:00Z_example.com',
          policies: [
            {
              policy: {
                type: 'sts',
                string: ['version: STSv1', 'mode: enforce', 'mx: *.example.com', 'max_age: 604800'],
                domain: sample.domain,
                mx_host: ['*.example.com'],
              },
              summary: { total_successful_session_count: 1300, total_failure_session_count: 2 },
              failure_details: [
                {
                  result_type: 'certificate-expired',
                  sending_mta_ip: sample.otherIp,
                  receiving_mx_hostname: 'mx2.example.com',
                  receiving_mx_helo: null,
                  receiving_ip: sample.ip,
                  failed_session_count: 2,
                  additional_information: null,
                  failure_reason_code: null,
                },
              ],
            },
          ],
          warnings: [],
        },
      },
    },
  ],
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
export const failureReportList = listExample(
  listDocument(
    z.object({
      type: z.literal('failure-reports'),
      id: z.number().int(),
      attributes: failureReportAttributes,
    }),
  ),
  '/api/dm/dmarc/failure-reports/',
  [
    {
      type: 'failure-reports',
      id: 15,
      attributes: {
        ...reportBaseExample,
        begin_date: '2026-05-04T10:03:11.000Z',
        end_date: '2026-05-04T10:03:11.000Z',
        org_name: 'mail.example.net',
        report_id: '<20260504100311.7F3A2@mail.example.net>',
        records_count: 1,
        messages_count: 1,
        source_ip: sample.otherIp,
        auth_failure: ['dmarc'],
        arrival_date: 'Mon, 4 May 2026 10:03:09 +0000',
        original_mail_from: `billing@${sample.domain}`,
        delivery_result: 'reject',
        dkim_domain: null,
        dkim_selector: null,
        details: {
          kind: 'failure',
          feedback_type: 'auth-failure',
          reporter: 'mail.example.net',
          message_id: '<20260504100311.7F3A2@mail.example.net>',
          report_id: '<20260504100311.7F3A2@mail.example.net>',
          user_agent: 'Example-ARF/1.0',
          version: '1',
          reported_domain: sample.domain,
          source_ip: sample.otherIp,
          auth_failure: ['dmarc'],
          arrival_date: 'Mon, 4 May 2026 10:03:09 +0000',
          original_mail_from: `billing@${sample.domain}`,
          original_rcpt_to: ['user@example.net'],
          original_envelope_id: null,
          reporting_mta: 'dns; mail.example.net',
          authentication_results: ['mail.example.net; dmarc=fail (p=reject) header.from=example.com'],
          delivery_result: 'reject',
          identity_alignment: 'none',
          dkim: { domain: null, identity: null, selector: null },
          spf_dns: null,
          reported_uris: [],
          original_headers: 'From: billing@example.com\r\nSubject: Your invoice\r\n',
          warnings: [],
        },
      },
    },
  ],
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
