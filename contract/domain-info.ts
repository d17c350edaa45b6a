import { z } from 'zod';
import { idField } from './fields';
import { pageLinksSchema, pageMetaSchema, pageQueryShape } from './paging';
import { answerExample, sample } from './example';

// Domain Info on the wire (/api/dm/domains/{name}/dmarc-record/, spf-record/, ips/, dkim-signatures/) and
// the DNS history of a domain (/api/dm/v2/domains/{id}/history/{type}/).

export const currentRecordDocument = z.object({
  data: z.object({ domain: z.string(), record: z.string().nullable(), checked_at: z.string().nullable() }),
});

/** The same document, with an example of each record it answers. */
export const currentRecordDocuments = {
  dmarc: answerExample(currentRecordDocument, {
    data: {
      domain: sample.domain,
      record: `v=DMARC1; p=quarantine; pct=50; rua=mailto:dmarc@${sample.domain}`,
      checked_at: sample.time,
    },
  }),
  spf: answerExample(currentRecordDocument, {
    data: {
      domain: sample.domain,
      record: 'v=spf1 ip4:192.0.2.0/24 include:_spf.example.org ~all',
      checked_at: sample.time,
    },
  }),
};

export const domainIpsDocument = answerExample(
  z.object({
    data: z.object({
      domain: z.string(),
      ips: z.array(z.object({ ip: z.string(), source: z.enum(['A', 'AAAA', 'MX']), host: z.string() })),
    }),
  }),
  {
    data: {
      domain: sample.domain,
      ips: [
        { ip: sample.ip, source: 'A', host: sample.domain },
        { ip: sample.ipv6, source: 'AAAA', host: sample.domain },
        { ip: sample.otherIp, source: 'MX', host: `mx2.${sample.domain}` },
      ],
    },
  },
);

export const domainDkimDocument = answerExample(
  z.object({
    data: z.array(
      z.object({
        selector: z.string(),
        domain: z.string(),
        source: z.enum(['reports', 'dns', 'both']),
        key_type: z.string().nullable(),
        key_bits: z.number().nullable(),
        testing: z.boolean(),
        last_seen: z.string().nullable(),
      }),
    ),
  }),
  {
    data: [
      {
        selector: 'mail2026',
        domain: sample.domain,
        source: 'both',
        key_type: 'rsa',
        key_bits: 2048,
        testing: false,
        last_seen: sample.endDay,
      },
    ],
  },
);

/** Changes of one record set, newest first; empty content marks a removed set (docs/CHECKS.md). */
export const historyList = answerExample(
  z.object({
    data: z.array(
      z.object({
        type: z.literal('history'),
        id: z.string(),
        attributes: z.object({ date: z.string(), type: z.string(), ttl: z.number(), content: z.string() }),
      }),
    ),
    links: pageLinksSchema,
    meta: pageMetaSchema,
  }),
  {
    data: [
      {
        type: 'history',
        id: '88',
        attributes: {
          date: sample.laterTime,
          type: 'TXT',
          ttl: 3600,
          content: `"v=DMARC1; p=reject; rua=mailto:dmarc@${sample.domain}"`,
        },
      },
      {
        type: 'history',
        id: '61',
        attributes: {
          date: sample.time,
          type: 'TXT',
          ttl: 3600,
          content: `"v=DMARC1; p=quarantine; pct=50; rua=mailto:dmarc@${sample.domain}"`,
        },
      },
    ],
    links: {
      current: '/api/dm/v2/domains/12/history/dmarc/?page=1',
      first: '/api/dm/v2/domains/12/history/dmarc/?page=1',
      last: '/api/dm/v2/domains/12/history/dmarc/?page=1',
      next: null,
      prev: null,
    },
    meta: { count: 2, page: 1, page_size: 20 },
  },
);

// The history's request: the domain's id and the record set in the path, the page and (support) the
// organization in the query. The route reads server/modules/history/routes.ts's schemas, which name the same.
export const historyTypes = ['dmarc', 'spf', 'dns', 'ns', 'mtaSts'] as const;
export const historyParams = z.object({ id: idField(), type: z.enum(historyTypes) });
export const historyQuery = z.object({ ...pageQueryShape, organization: idField().optional() });

/** Domain Info's path: a registered domain by name (checks contract 5). */
export const domainInfoParams = z.object({ name: z.string().min(1).max(253) });
/** Support may name the organization whose domain it is. */
export const domainInfoQuery = z.object({
  organization: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
