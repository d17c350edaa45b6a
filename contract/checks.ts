import { z } from 'zod';
import { checkExamples } from './checks-examples';
import { answerExample, sample } from './example';
import { checkFailureSchema, checkWarningSchema, nullableText, scored, text } from './check-fields';
import { daneCheckSchema, dnssecCheckSchema, smtpCheckSchema } from './checks-transport';
// The public domain tests on the wire (/checks/{dns,spf,dmarc,mta-sts,tls-rpt,dnssec,dane,smtp,domain}/
// {domain}, product spec sections 3 and 7): each checker's result (server/checks/*/types.ts) with its keys
// snake_cased by server/modules/checks/documents.ts. The stored results of Analysis by system are the same
// documents. Objects are z.object: results are also read back from stored JSON, so a key an older version
// wrote is dropped rather than refused; a key the checker no longer sends fails the reply.

// DNS: name servers and MX hosts (spec section 3 "DNS check result").
export const dnsCheckSchema = z.object({
  domain: text,
  base_domain: text,
  dnssec: nullableText.describe('The DNSSEC status of the domain, when the DNSSEC checker ran'),
  ns: z.object({
    zone: text.describe('The zone whose NS set was checked: the domain or the parent it lives in'),
    hostnames: z.array(text),
    servers: z.array(
      z.object({
        hostname: text,
        addresses: z.array(text),
        answers: z.array(
          z.object({
            address: text,
            status: z.enum(['authoritative', 'lame', 'no_response', 'not_connected']),
            serial: z.number().nullable(),
          }),
        ),
      }),
    ),
    ...scored,
  }),
  mx: z.object({
    hosts: z.array(
      z.object({
        hostname: text,
        preference: z.number(),
        addresses: z.array(text),
        cname: nullableText.describe('The CNAME the exchange points at (not allowed, RFC 2181 §10.3)'),
      }),
    ),
    null_mx: z.boolean().describe('RFC 7505: the domain accepts no mail (MX 0 ".")'),
    ...scored,
  }),
  dnssec_score: z.number().nullable(),
  dane_score: z.number().nullable(),
  tls_score: z.number().nullable(),
  ...scored,
});

// SPF (RFC 7208): the record, its include/redirect tree and the lookup counts (§4.6.4).
const spfTerm = z.object({
  qualifier: z.enum(['+', '-', '~', '?']),
  name: text,
  value: text.optional(),
  text,
  lookups: z.number().describe('1 when the term costs a DNS lookup'),
});
type SpfTreeWire = {
  domain: string;
  record: string | null;
  valid: boolean;
  error?: string;
  mechanisms: z.output<typeof spfTerm>[];
  pass: string[];
  include: SpfTreeWire[];
  redirect: SpfTreeWire | null;
  dns_lookups: number;
  void_lookups: number;
};
export const spfTreeSchema: z.ZodType<SpfTreeWire, SpfTreeWire> = z
  .object({
    domain: text,
    record: nullableText,
    valid: z.boolean(),
    error: text.optional(),
    mechanisms: z.array(spfTerm),
    pass: z.array(text).describe('Terms that give "pass" when they match'),
    get include() {
      return z.array(spfTreeSchema);
    },
    get redirect() {
      return spfTreeSchema.nullable();
    },
    dns_lookups: z.number(),
    void_lookups: z.number(),
  })
  .meta({ id: 'SpfTreeNode' });

const spfResult = z.enum(['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror']);
export const spfCheckSchema = z.object({
  domain: text,
  record: nullableText,
  records: z.array(text).describe('Every v=spf1 TXT record found (more than one is a permerror)'),
  valid: z.boolean(),
  dns_lookups: z.number(),
  void_lookups: z.number(),
  tree: spfTreeSchema.nullable(),
  /** With ?ip=: check_host() for that client (RFC 7208 §2.6, §4). */
  check_host: z
    .object({
      ip: text,
      sender: text,
      helo: nullableText,
      result: spfResult,
      explanation: text.optional(),
      mechanism: text.optional(),
      mechanism_domain: text.optional(),
      error: text.optional(),
      domain: text,
      dns_lookups: z.number(),
      void_lookups: z.number(),
    })
    .optional(),
  ...scored,
});

// DMARC (RFC 7489 §6.6.3 discovery, §6.3 tags, §7.1 external destinations).
const dmarcTag = z.object({
  value: nullableText,
  explicit: z.boolean(),
  name: text,
  default: nullableText,
  description: text,
});
export const dmarcCheckSchema = z.object({
  domain: text,
  record: nullableText,
  location: nullableText.describe('The name whose _dmarc record applies'),
  org_domain: text,
  tags: z.record(z.string(), dmarcTag).nullable().describe('Keyed by tag name (v, p, sp, rua, ...)'),
  policy: nullableText.describe('The policy this domain gets: p, or sp/np when inherited'),
  report_destinations: z.array(
    z.object({
      tag: z.enum(['rua', 'ruf']),
      uri: text,
      scheme: text,
      address: nullableText,
      domain: nullableText,
      size_limit: nullableText,
      external: z.boolean(),
      authorized: z.boolean().nullable(),
      has_mx: z.boolean().nullable(),
    }),
  ),
  walk: z.array(z.object({ name: text, records: z.number(), rcode: text })),
  valid: z.boolean(),
  ...scored,
});

// MTA-STS (RFC 8461): the TXT record, the policy file and which MX hosts its patterns cover.
export const mtaStsCheckSchema = z.object({
  domain: text,
  record: nullableText,
  id: nullableText,
  valid: z.boolean(),
  location: text,
  policy: z.object({
    url: text,
    data: nullableText,
    info: z
      .object({
        version: nullableText,
        mode: nullableText,
        max_age: z.number().nullable(),
        mx: z.array(text),
      })
      .nullable(),
    /** The policy host certificate's expiry (ISO); absent in results stored before it was recorded. */
    certificate_expires: nullableText.optional(),
  }),
  mx_coverage: z.array(z.object({ host: text, covered: z.boolean() })),
  ...scored,
});

// TLS-RPT (RFC 8460 §3).
export const tlsRptCheckSchema = z.object({
  domain: text,
  record: nullableText,
  valid: z.boolean(),
  location: text,
  policy: z
    .object({
      v: text,
      rua: z.array(z.object({ uri: text, scheme: z.enum(['mailto', 'https']), domain: nullableText })),
      extensions: z.record(z.string(), z.string()).describe('Fields other than v and rua, as published'),
    })
    .nullable(),
  ...scored,
});

// DKIM (RFC 6376 §3.6.1): the selectors seen in reports or guessed, and their keys (stored results only).
export const dkimCheckSchema = z.object({
  domain: text,
  selectors: z.array(
    z.object({
      selector: text,
      source: z.enum(['reports', 'dns', 'both']),
      found: z.boolean(),
      record: nullableText,
      key_type: z.enum(['rsa', 'ed25519']).nullable(),
      key_bits: z.number().nullable(),
      testing: z.boolean(),
      revoked: z.boolean(),
      warnings: z.array(checkWarningSchema),
    }),
  ),
  ...scored,
});

/** A result of the aggregate, or why that checker gave none. */
const orFailure = <T extends z.ZodType>(result: T) => z.union([result, checkFailureSchema]).optional();

// The aggregate: one result per checker the form's flags chose, keyed as the checker names it.
export const domainCheckSchema = z.object({
  domain: text,
  checks: z.object({
    dns: orFailure(dnsCheckSchema),
    spf: orFailure(spfCheckSchema),
    dmarc: orFailure(dmarcCheckSchema),
    tls_rpt: orFailure(tlsRptCheckSchema),
    mta_sts: orFailure(mtaStsCheckSchema),
    dnssec: orFailure(dnssecCheckSchema),
    dane: orFailure(daneCheckSchema),
    smtp: orFailure(smtpCheckSchema),
    tls: orFailure(smtpCheckSchema),
  }),
  score: z.number().nullable().describe('Mean score of the checkers that ran and returned one'),
});

export const checkAttributes = {
  // The DNS checker answers { error } when it fails (the aggregate catches every checker's error).
  dns: z.union([dnsCheckSchema, checkFailureSchema]),
  spf: spfCheckSchema,
  dmarc: dmarcCheckSchema,
  'mta-sts': mtaStsCheckSchema,
  'tls-rpt': tlsRptCheckSchema,
  dnssec: dnssecCheckSchema,
  dane: daneCheckSchema,
  smtp: smtpCheckSchema,
  domain: domainCheckSchema,
} as const;
export type CheckKind = keyof typeof checkAttributes;

/** The JSON:API-style document of one check: type "<kind>-check", id the (punycode) domain. */
export function checkDocumentSchema<K extends CheckKind>(kind: K) {
  const document = z.object({
    data: z.object({ type: z.literal(`${kind}-check`), id: z.string(), attributes: checkAttributes[kind] }),
    meta: z.object({ checked_at: z.string(), cached: z.boolean() }),
  });
  return answerExample(document, {
    data: { type: `${kind}-check`, id: sample.domain, attributes: checkExamples[kind] },
    meta: { checked_at: sample.time, cached: false },
  } as z.output<typeof document>);
}

// Requests of the public /checks routes: the domain in the path, the form flags of spec section 3 (camelCase
// on the wire, as the SPA's form sends them) and the SPF evaluation's client.
export const checkDomainParams = z.object({ domain: z.string().min(1).max(300) });

const flag = z.string().max(10).optional().describe('true (default) or false');
export const domainCheckQuery = z.object({
  nameServers: flag,
  smtpServers: flag,
  dnssec: flag,
  spf: flag,
  dmarc: flag,
  dane: flag,
  tls: flag,
  tlsRpt: flag,
  mtaSts: flag,
});

export const spfCheckQuery = z.object({
  ip: z.string().max(64).optional().describe('Client IP for check_host() (RFC 7208 §4)'),
  sender: z.string().max(320).optional().describe('MAIL FROM address; postmaster@<domain> by default'),
  helo: z.string().max(255).optional(),
});
