import { z } from 'zod';
import { calendarDay } from './fields';
import { listDocument, listExample, pageQueryShape } from './paging';
import { answerExample, sample } from './example';

// DMARC aggregate reports on the wire (RFC 7489 appendix C, as stored): /api/dm/dmarc/aggregate-reports/,
// one report, its records and the DKIM signatures seen for a domain. Attributes are strict objects: a
// field the server adds but the contract does not name fails the reply instead of going out undocumented.

/** A text column the report may leave out. */
export const nullableText = z.string().nullable();

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
