import { z } from 'zod';
import {
  dkimCheckSchema,
  dmarcCheckSchema,
  mtaStsCheckSchema,
  spfCheckSchema,
  tlsRptCheckSchema,
} from './checks';
import { checkWarningSchema } from './check-fields';
import { dnssecCheckSchema, smtpCheckSchema } from './checks-transport';
import { filterShape } from './analytics';
import { listExample, pageLinksSchema, pageMetaSchema, pageQueryShape } from './paging';
import { dmarcExample, warningExample } from './checks-examples';
import { answerExample, sample } from './example';

// Analysis by system on the wire (/api/dm/analysis-by-system/{system}/ and .../{domainId}/, the re-check):
// the stored result of the scheduled check of each system, as /checks/{system}/{domain} answers it.

export const analysisSystems = ['dmarc', 'spf', 'smtp', 'tls', 'mta-sts', 'dkim', 'dnssec'] as const;
export const analysisStatuses = ['pass', 'warning', 'fail', 'unchecked'] as const;
/** ?ordering= of the list. */
export const analysisOrderings = ['domain', '-domain', 'score', '-score', 'status', '-status'] as const;
const system = z.enum(analysisSystems);
const status = z.enum(analysisStatuses);

/** Each system's result document; `tls` is the TLS page, whose stored result is the TLS-RPT check. */
export const systemResultSchemas = {
  dmarc: dmarcCheckSchema,
  spf: spfCheckSchema.omit({ check_host: true }),
  smtp: smtpCheckSchema,
  tls: tlsRptCheckSchema,
  'mta-sts': mtaStsCheckSchema,
  dkim: dkimCheckSchema,
  dnssec: dnssecCheckSchema,
} as const;

const attributes = {
  domain: z.string(),
  domain_id: z.number().int(),
  status,
  score: z.number().nullable(),
  checked_at: z.string().nullable(),
  warnings: z.array(checkWarningSchema),
};

export const analysisSummarySchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .describe("The list's columns for this system (policy, record, mode, sessions, ...)");

// One domain's DMARC row, in the list and in the detail.
const dmarcRowExample = {
  domain: sample.domain,
  domain_id: 12,
  status: 'warning' as const,
  score: 85,
  checked_at: sample.time,
  warnings: [warningExample],
  system: 'dmarc' as const,
};

export const analysisList = listExample(
  z.object({
    data: z.array(
      z.object({
        type: z.literal('domain-analysis'),
        id: z.string(),
        attributes: z.object({
          ...attributes,
          system,
          warning_count: z.number().int(),
          summary: analysisSummarySchema,
        }),
      }),
    ),
    links: pageLinksSchema,
    meta: pageMetaSchema,
  }),
  '/api/dm/analysis-by-system/dmarc/',
  [
    {
      type: 'domain-analysis',
      id: '12',
      attributes: {
        ...dmarcRowExample,
        warning_count: 1,
        summary: { policy: 'quarantine', pct: 50, rua: true },
      },
    },
  ],
);

// One domain's stored result: which document `result` is follows from `system` (null when never checked
// or when the check failed; its warning then says why).
const detailAttributes = <S extends (typeof analysisSystems)[number]>(name: S) =>
  z.object({
    ...attributes,
    system: z.literal(name),
    summary: analysisSummarySchema,
    result: z.nullable(systemResultSchemas[name]),
  });
export const analysisDetail = answerExample(
  z.object({
    data: z.object({
      type: z.literal('domain-analysis'),
      id: z.string(),
      attributes: z.discriminatedUnion('system', [
        detailAttributes('dmarc'),
        detailAttributes('spf'),
        detailAttributes('smtp'),
        detailAttributes('tls'),
        detailAttributes('mta-sts'),
        detailAttributes('dkim'),
        detailAttributes('dnssec'),
      ]),
    }),
  }),
  {
    data: {
      type: 'domain-analysis',
      id: '12',
      attributes: {
        ...dmarcRowExample,
        summary: { policy: 'quarantine', pct: 50, rua: true },
        result: dmarcExample,
      },
    },
  },
);

export const recheckResponse = answerExample(
  z.object({
    data: z.object({
      checked_at: z.string(),
      systems: z.array(z.object({ system, status, score: z.number().nullable() })),
    }),
  }),
  {
    data: {
      checked_at: sample.time,
      systems: [
        { system: 'dmarc', status: 'warning', score: 85 },
        { system: 'spf', status: 'pass', score: 90 },
        { system: 'smtp', status: 'pass', score: 100 },
        { system: 'tls', status: 'pass', score: 100 },
        { system: 'mta-sts', status: 'pass', score: 100 },
        { system: 'dkim', status: 'pass', score: 100 },
        { system: 'dnssec', status: 'pass', score: 100 },
      ],
    },
  },
);

// Requests: the list of one system under the global filter, one domain's result, the re-check.
const id = z.coerce.number().int().positive().max(2_147_483_647);
const systemEnum = z.enum(analysisSystems);
export const analysisSystemParams = z.object({ system: systemEnum });
export const analysisDetailParams = z.object({ system: systemEnum, domainId: id });
export const recheckParams = z.object({ id });
/** The global filter's organization: support picks any; others may only name their own. */
export const analysisDetailQuery = z.object({ organization: id.optional() });

export const analysisListQuery = z.object({
  ...pageQueryShape,
  ...filterShape,
  search: z.string().max(255).optional(),
  ordering: z.enum(analysisOrderings).default('domain'),
});
export type AnalysisListQuery = z.infer<typeof analysisListQuery>;
