import type { z } from 'zod';
import type { aggregateReportResource, recordResource } from '../../../../contract/reports';
import type { failureReportList, tlsReportList } from '../../../../contract/other-reports';
import { urlOf } from '../../../api/call';
import { reportOps } from '../../../../contract/operations/reports';

// Wire documents (snake_case, as the server sends them) for the page tests, typed by the contract
// (contract/reports.ts) so that a fixture cannot drift from what the server sends.
type AggregateWire = z.input<typeof aggregateReportResource>;
type RecordWire = z.input<typeof recordResource>;
type TlsWire = z.input<typeof tlsReportList>['data'][number];
type FailureWire = z.input<typeof failureReportList>['data'][number];

const links = (path: string, last = 1, page = 1) => ({
  current: `${path}?page=${page}`,
  first: `${path}?page=1`,
  last: `${path}?page=${last}`,
  next: page < last ? `${path}?page=${page + 1}` : null,
  prev: page > 1 ? `${path}?page=${page - 1}` : null,
});

export function aggregateWire(
  id: number,
  orgName: string,
  reportId: string,
  domain = 'example.com',
): AggregateWire {
  return {
    type: 'aggregate-reports',
    id,
    attributes: {
      organization: 1,
      domain,
      org_name: orgName,
      email: `noreply-dmarc@${orgName.toLowerCase()}.com`,
      extra_contact_info: null,
      report_id: reportId,
      begin_date: '2023-11-28T00:00:00.000Z',
      end_date: '2023-11-28T23:59:59.000Z',
      version: '1.0',
      generator: null,
      errors: [],
      policy_published: {
        domain,
        adkim: 'r',
        aspf: 'r',
        p: 'reject',
        sp: 'none',
        np: null,
        pct: 100,
        fo: null,
        testing: null,
        discovery_method: null,
      },
      records_count: 2,
      messages_count: 3,
      warnings: [],
      source: 'upload',
      received_at: '2023-11-29T10:00:00.000Z',
      has_file: true,
    },
  };
}

export function listWire<T>(path: string, data: T[], count = data.length, page = 1, pageSize = 20) {
  return {
    data,
    links: links(path, Math.max(1, Math.ceil(count / pageSize)), page),
    meta: { count, page, page_size: pageSize },
  };
}

export const recordsWire = (reportId: number) =>
  listWire<RecordWire>(urlOf(reportOps.records, { params: { id: reportId } }), [
    {
      type: 'dmarc-records',
      id: 11,
      attributes: {
        source_ip: '1.2.3.4',
        reverse_dns: 'mail.example.com',
        sender_service: null,
        count: 2,
        disposition: 'none',
        dkim: 'pass',
        spf: 'fail',
        reasons: [],
        header_from: 'example.com',
        envelope_from: 'bounce.example.com',
        envelope_to: null,
        spf_results: [
          { domain: 'bounce.example.com', scope: 'mfrom', result: 'softfail', human_result: null },
        ],
      },
      dkim_signatures: [
        {
          id: 5,
          attributes: { domain: 'example.com', selector: 'google', result: 'pass', human_result: null },
        },
      ],
    },
  ]);

export const tlsWire = (id: number): TlsWire => ({
  type: 'tls-reports',
  id,
  attributes: {
    organization: 1,
    domain: 'foo-bar.io',
    org_name: 'Google Inc.',
    report_id: '2025-05-22T00:00:00Z_foo-bar.io',
    begin_date: '2025-05-22T00:00:00.000Z',
    end_date: '2025-05-22T23:59:59.000Z',
    records_count: 1,
    messages_count: 3,
    successful_sessions: 1,
    failed_sessions: 2,
    policy_types: ['sts'],
    contact_info: 'smtp-tls-reporting@google.com',
    details: {
      kind: 'tls',
      organization_name: 'Google Inc.',
      date_range: { start: '2025-05-22T00:00:00.000Z', end: '2025-05-22T23:59:59.000Z' },
      contact_info: 'smtp-tls-reporting@google.com',
      report_id: '2025-05-22T00:00:00Z_foo-bar.io',
      policies: [
        {
          policy: { type: 'sts', domain: 'foo-bar.io', mx_host: ['*.foo-bar.io'], string: [] },
          summary: { total_successful_session_count: 1, total_failure_session_count: 2 },
          failure_details: [
            {
              result_type: 'certificate-expired',
              sending_mta_ip: '2001:db8::25',
              receiving_mx_hostname: 'mx1.foo-bar.io',
              receiving_mx_helo: null,
              receiving_ip: null,
              failed_session_count: 2,
              additional_information: null,
              failure_reason_code: null,
            },
          ],
        },
      ],
      warnings: [],
    },
    warnings: [],
    source: 'upload',
    received_at: '2025-05-23T00:00:00.000Z',
    has_file: true,
  },
});

export const failureWire = (id: number): FailureWire => ({
  type: 'failure-reports',
  id,
  attributes: {
    organization: 1,
    domain: 'example.com',
    org_name: 'reports@receiver.example',
    report_id: '<abc@receiver.example>',
    begin_date: '2024-02-01T10:00:00.000Z',
    end_date: '2024-02-01T10:00:00.000Z',
    records_count: 1,
    messages_count: 1,
    source_ip: '192.0.2.7',
    auth_failure: ['dmarc'],
    arrival_date: '2024-02-01T10:00:00.000Z',
    original_mail_from: 'spoof@example.com',
    delivery_result: 'reject',
    dkim_domain: null,
    dkim_selector: null,
    details: {
      kind: 'failure',
      feedback_type: 'auth-failure',
      reporter: 'reports@receiver.example',
      message_id: '<abc@receiver.example>',
      report_id: '<abc@receiver.example>',
      user_agent: null,
      version: '1',
      reported_domain: 'example.com',
      source_ip: '192.0.2.7',
      auth_failure: ['dmarc'],
      arrival_date: '2024-02-01T10:00:00.000Z',
      original_mail_from: 'spoof@example.com',
      original_rcpt_to: [],
      original_envelope_id: null,
      reporting_mta: null,
      authentication_results: [],
      delivery_result: 'reject',
      identity_alignment: null,
      dkim: { domain: null, identity: null, selector: null },
      spf_dns: null,
      reported_uris: [],
      original_headers: null,
      warnings: [],
    },
    warnings: [],
    source: 'upload',
    received_at: '2024-02-01T10:05:00.000Z',
    has_file: false,
  },
});
