import { z } from 'zod';
import { code } from './error-codes';
import { detailErrorSchema } from './errors';
import { idField, text } from './fields';
import { listDocument, listExample, pageQueryShape } from './paging';
import { answerExample, bodyExample, sample } from './example';
import { authorSchema } from './author';

// DNS hosting on the wire (snake_case), under /api/dm: zones and their rrsets as PowerDNS holds them (SOA
// never shown), change sets, the history of each rrset and the record rows (spec sections 3 and 7).
// Server routes validate and serialize with these; the SPA reads Wire<typeof schema> (contract/casing.ts).

/** The record types msas edits (SOA never: PowerDNS manages it); the server and the editor both check this. */
export const editableTypes = [
  'A',
  'AAAA',
  'CAA',
  'CNAME',
  'DS',
  'MX',
  'NAPTR',
  'NS',
  'PTR',
  'SRV',
  'SSHFP',
  'TLSA',
  'TXT',
] as const;

/** Comment dates on the wire: YYYY-MM-DDTHH:mm:ss, UTC (spec section 9). */
export const commentDate = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, code('dns_timestamp'));

export const recordSchema = z.object({ content: z.string(), disabled: z.boolean() });
export const commentSchema = z.object({
  content: z.string(),
  account: z.string(),
  modified_at: commentDate.nullable(),
});
export const rrsetSchema = z.object({
  name: z.string(),
  type: z.string(),
  ttl: z.number().int(),
  records: z.array(recordSchema),
  comments: z.array(commentSchema),
});

const dmarcRrset = (policy: string) => ({
  name: `_dmarc.${sample.domain}.`,
  type: 'TXT',
  ttl: 3600,
  records: [{ content: `"v=DMARC1; p=${policy}; rua=mailto:dmarc@${sample.domain}"`, disabled: false }],
  comments: [],
});
export const zoneKind = z.enum(['Native', 'Master']);
export const zoneSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  /** Rises with every change set: send it back with a change (optimistic concurrency). */
  version: z.number().int(),
  /** How many records the zone holds, SOA left out, as msas last saw them. */
  records: z.number().int(),
  organization: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
const zoneSummaryExample: z.output<typeof zoneSummarySchema> = {
  id: 2,
  name: `${sample.domain}.`,
  kind: 'Native',
  version: 6,
  records: 14,
  organization: 4,
  created_at: sample.time,
  updated_at: sample.laterTime,
};
export const zoneListDocument = listExample(
  listDocument(
    zoneSummarySchema.extend({
      /** Whether PowerDNS signs the zone (DNSSEC); null when PowerDNS did not answer. */
      dnssec: z.boolean().nullable(),
    }),
  ),
  '/api/dm/power-dns/servers/localhost/zones/',
  [{ ...zoneSummaryExample, dnssec: true }],
);
export const zoneDocument = answerExample(
  zoneSummarySchema.extend({
    account: z.string(),
    serial: z.number().int(),
    dnssec: z.boolean(),
    rrsets: z.array(rrsetSchema),
    /** A change made in PowerDNS directly, found and recorded on this load (the change set's id). */
    outside_change: z.number().int().nullable(),
  }),
  {
    ...zoneSummaryExample,
    account: 'org-4',
    serial: 2026051101,
    dnssec: true,
    rrsets: [
      {
        name: `${sample.domain}.`,
        type: 'MX',
        ttl: 3600,
        records: [
          { content: `10 mx1.${sample.domain}.`, disabled: false },
          { content: `20 mx2.${sample.domain}.`, disabled: false },
        ],
        comments: [],
      },
      {
        ...dmarcRrset('reject'),
        comments: [
          { content: 'Enforced after two clean weeks', account: 'ana', modified_at: '2026-05-11T06:00:00' },
        ],
      },
    ],
    outside_change: null,
  },
);

export const dnsStatusDocument = answerExample(
  z.object({
    configured: z.boolean(),
    /** Whether PowerDNS answered just now; null when not configured. */
    reachable: z.boolean().nullable(),
    server: z.literal('localhost'),
    default_nameservers: z.array(z.string()),
  }),
  {
    configured: true,
    reachable: true,
    server: 'localhost',
    default_nameservers: [`ns1.${sample.domain}.`, `ns2.${sample.domain}.`],
  },
);

export const zoneParams = z.object({ zone: z.string().min(1).max(255) });
export const zoneListQuery = z.object({ ...pageQueryShape });

const hostList = z.array(z.string().trim().min(1).max(253)).max(20);
export const zoneCreateBody = bodyExample(
  z.object({
    name: text(253),
    kind: zoneKind.default('Native'),
    /** NS host names; empty or absent: the installation's PDNS_NAMESERVERS. */
    nameservers: hostList.optional(),
    /**
     * When the name's zone is still hosted from before the domain was verified here (its old holder lost
     * it): take it over with its records, or replace it with a new zone. Absent: 409 zone_hosted.
     */
    existing: z.enum(['take_over', 'replace']).optional(),
  }),
  { name: sample.otherDomain, kind: 'Native', nameservers: [`ns1.${sample.domain}`, `ns2.${sample.domain}`] },
);

export const rrsetChangeSchema = z.object({
  name: z.string().trim().min(1).max(255),
  type: z.string().trim().min(1).max(10),
  ttl: z.number().int().min(1).max(2_147_483_647).optional(),
  changetype: z.enum(['REPLACE', 'DELETE']),
  records: z
    .array(
      z.object({
        content: z.string().max(4096),
        disabled: z.boolean().optional(),
        set_ptr: z.boolean().optional(),
      }),
    )
    .max(500)
    .optional(),
  comments: z
    .array(
      z.object({
        content: z.string().max(1000),
        account: z.string().max(255).optional(),
        modified_at: z.string().optional(),
      }),
    )
    .max(20)
    .optional(),
});
export const zonePatchBody = bodyExample(
  z.object({
    /** The zone's version when it was loaded. */
    version: z.number().int().min(0),
    /** Only the rrsets the user touched (spec section 5). */
    rrsets: z.array(rrsetChangeSchema).min(1).max(1000),
  }),
  {
    version: 6,
    rrsets: [
      {
        name: `_dmarc.${sample.domain}.`,
        type: 'TXT',
        ttl: 3600,
        changetype: 'REPLACE',
        records: [{ content: `"v=DMARC1; p=reject; rua=mailto:dmarc@${sample.domain}"` }],
        comments: [{ content: 'Enforced after two clean weeks' }],
      },
    ],
  },
);

export const historyQuery = z.object({
  ...pageQueryShape,
  /** The zone's name or id. */
  zone: z.string().min(1).max(255),
  /** Only this name's rrsets. */
  name: z.string().min(1).max(255).optional(),
  type: z.string().min(1).max(10).optional(),
});
export const changeKind = z.enum(['create', 'edit', 'revert', 'outside']);
export const historyItemSchema = z.object({
  id: z.number().int(),
  change_set: z.number().int(),
  kind: changeKind,
  /** The change set's version of the zone. */
  version: z.number().int(),
  date: z.string(),
  /** Who made the change: null for one found made outside msas (kind outside) or made by msas itself. */
  user: z.number().int().nullable(),
  author: authorSchema.nullable(),
  name: z.string(),
  type: z.string(),
  action: z.enum(['added', 'changed', 'removed']),
  /** The rrset after the change (before it, when removed). */
  ttl: z.number().int(),
  content: z.array(z.string()),
  before: rrsetSchema.nullable(),
  after: rrsetSchema.nullable(),
});
const historyItemExample: z.output<typeof historyItemSchema> = {
  id: 91,
  change_set: 33,
  kind: 'edit',
  version: 6,
  date: sample.laterTime,
  user: 7,
  author: { kind: 'member', name: sample.email },
  name: `_dmarc.${sample.domain}.`,
  type: 'TXT',
  action: 'changed',
  ttl: 3600,
  content: [`"v=DMARC1; p=reject; rua=mailto:dmarc@${sample.domain}"`],
  before: dmarcRrset('quarantine'),
  after: dmarcRrset('reject'),
};
export const historyListDocument = listExample(
  listDocument(historyItemSchema),
  '/api/dm/power-dns/history/',
  [historyItemExample],
);
export const changeSetParams = z.object({ id: idField() });

export const recordsQuery = z.object({
  ...pageQueryShape,
  zone: z.string().min(1).max(255),
  search: z.string().max(255).optional(),
});
export const recordRowSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  content: z.string(),
  ttl: z.number().int(),
  disabled: z.boolean(),
  comment: z.string(),
});
export const recordListDocument = listExample(listDocument(recordRowSchema), '/api/dm/records/', [
  {
    id: `_dmarc.${sample.domain}./TXT/0`,
    type: 'TXT',
    name: `_dmarc.${sample.domain}.`,
    content: `"v=DMARC1; p=reject; rua=mailto:dmarc@${sample.domain}"`,
    ttl: 3600,
    disabled: false,
    comment: 'Enforced after two clean weeks',
  },
]);

// Errors particular to DNS hosting.
export const conflictDocument = detailErrorSchema.extend({
  version: z.number().int(),
  /** The other changes to the same rrsets since the version sent. */
  changes: z.array(historyItemSchema),
});
export const serviceErrorDocument = detailErrorSchema.extend({ code: z.string() });
