import { z } from 'zod';
import { checkExamples } from './checks-examples';
import { answerExample, sample } from './example';

// The public domain tests on the wire (/checks/{dns,spf,dmarc,mta-sts,tls-rpt,dnssec,dane,smtp,domain}/
// {domain}, product spec sections 3 and 7): each checker's result (server/checks/*/types.ts) with its keys
// snake_cased by server/modules/checks/documents.ts. The stored results of Analysis by system are the same
// documents. Objects are z.object: results are also read back from stored JSON, so a key an older version
// wrote is dropped rather than refused; a key the checker no longer sends fails the reply.

// The warning every domain checker reports (server/checks/score/warning.ts): a stable code the console
// translates by, a severity, the English message, and the values that message interpolates.
export const checkWarningSchema = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  /** The name the warning is about when it is not the checked domain itself (an MX host, a destination). */
  subject: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type CheckWarningWire = z.output<typeof checkWarningSchema>;

const text = z.string();
const nullableText = z.string().nullable();
const scored = { warnings: z.array(checkWarningSchema), score: z.number() };

/** A checker of the aggregate that threw or ran past its deadline. */
export const checkFailureSchema = z.object({ error: z.string() });

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

// DNSSEC (RFC 4033 §5, RFC 4035 §4.3) of the domain and of each MX host; EDE codes of RFC 8914.
const dnssecStatus = z.enum(['secure', 'insecure', 'bogus', 'indeterminate']);
const dnssecName = z.object({
  name: text,
  status: dnssecStatus,
  rcode: text,
  ede: z.array(z.object({ code: z.number(), text, meaning: text })),
  has_ds: z.boolean(),
  has_dnskey: z.boolean(),
});
export const dnssecCheckSchema = z.object({
  domain: text,
  status: dnssecStatus.describe("The domain's own status (the DNS check result's dnssec)"),
  details: dnssecName,
  mx: z.array(dnssecName),
  ...scored,
});

// DANE (RFC 7672): the TLSA records of each MX host against the certificate it presents.
export const daneStatuses = [
  'valid',
  'mismatch',
  'no_tlsa',
  'insecure_tlsa',
  'bogus_tlsa',
  'unusable',
  'host_insecure',
  'no_tls',
  'lookup_failed',
] as const;
export const daneCheckSchema = z.object({
  domain: text,
  mx_secure: z.boolean().describe('The MX RRset is DNSSEC-validated (RFC 7672 §2.2.1)'),
  hosts: z.array(
    z.object({
      host: text,
      tlsa_name: text,
      status: z.enum(daneStatuses),
      secure: z.boolean(),
      records: z.array(
        z.object({
          usage: z.number(),
          selector: z.number(),
          matching_type: z.number(),
          data: text,
          usable: z.boolean(),
          matches: z.boolean(),
          reason: text.optional(),
        }),
      ),
      ...scored,
    }),
  ),
  ...scored,
});

// SMTP servers and their TLS: banner, STARTTLS, protocol, cipher, certificate chain, step timings.
const certificate = z.object({
  subject: text,
  issuer: text,
  subject_alt_names: z.array(text),
  valid_from: text,
  valid_to: text,
  days_left: z.number(),
  fingerprint256: text,
  self_signed: z.boolean(),
});
export const smtpCheckSchema = z.object({
  domain: text,
  null_mx: z.boolean(),
  hosts: z.array(
    z.object({
      host: text,
      preference: z.number(),
      address: nullableText,
      port: z.number(),
      banner: nullableText,
      extensions: z.array(text).describe('EHLO keywords before STARTTLS'),
      start_tls: z.boolean(),
      tls: z
        .object({
          protocol: nullableText,
          cipher: nullableText,
          trusted: z.boolean(),
          trust_error: nullableText,
          name_matches: z.boolean(),
          expired: z.boolean(),
          chain: z.array(certificate).describe('Leaf first, then each issuer the server sent'),
        })
        .nullable(),
      steps: z.array(
        z.object({
          step: z.enum(['resolve', 'connect', 'banner', 'ehlo', 'starttls', 'tls', 'ehlo_tls', 'quit']),
          ms: z.number(),
          ok: z.boolean(),
          detail: text.optional(),
        }),
      ),
      ...scored,
    }),
  ),
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
