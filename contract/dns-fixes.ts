import { z } from 'zod';
import { answerExample, bodyExample, sample } from './example';
import { rrsetSchema, zoneParams } from './dns';

// Suggested fixes of a hosted zone (docs/DNS.md "Suggested fixes"): records msas can write correctly,
// each shown as a change set preview (the rrset before and after), and findings it can only explain.

export const fixKinds = ['dmarc', 'tls-rpt', 'dmarc-quarantine'] as const;
export const noteKinds = ['spf-lookups', 'mta-sts', 'report-address'] as const;
export const fixKind = z.enum(fixKinds);

export const fixParams = zoneParams.extend({ kind: fixKind });
export const fixApplyBody = bodyExample(
  z.object({
    /** The zone's version when the fixes were listed. */
    version: z.number().int().min(0),
  }),
  { version: 6 },
);

export const fixSchema = z.object({
  kind: fixKind,
  /** Why msas proposes it, in English; the page shows its own wording per kind. */
  reason: z.string(),
  name: z.string(),
  type: z.string(),
  action: z.enum(['added', 'changed']),
  before: rrsetSchema.nullable(),
  after: rrsetSchema,
});
export const noteSchema = z.object({ kind: z.enum(noteKinds), detail: z.string() });

const rua = `mailto:0123456789abcdef0123@reports.${sample.domain}`;
export const fixListDocument = answerExample(
  z.object({
    zone: z.string(),
    version: z.number().int(),
    /** False until the operator sets a report domain mail from the internet reaches (REPORT_ADDRESS_DOMAIN). */
    report_address_receives_mail: z.boolean(),
    fixes: z.array(fixSchema),
    notes: z.array(noteSchema),
  }),
  {
    zone: `${sample.domain}.`,
    version: 6,
    report_address_receives_mail: true,
    fixes: [
      {
        kind: 'dmarc',
        reason: 'The domain has no DMARC record.',
        name: `_dmarc.${sample.domain}.`,
        type: 'TXT',
        action: 'added',
        before: null,
        after: {
          name: `_dmarc.${sample.domain}.`,
          type: 'TXT',
          ttl: 3600,
          records: [{ content: `"v=DMARC1; p=none; rua=${rua}"`, disabled: false }],
          comments: [],
        },
      },
    ],
    notes: [
      {
        kind: 'mta-sts',
        detail:
          'MTA-STS needs a policy file served over HTTPS at mta-sts.example.com; publish it there first, then the _mta-sts TXT record.',
      },
    ],
  },
);
