import { z } from 'zod';
import { listDocument, listExample } from './paging';
import { sample } from './example';
import { aggregateReportAttributes, nullableText } from './reports';

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
