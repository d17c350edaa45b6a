import type { z } from 'zod';
import type {
  checkAttributes,
  dkimCheckSchema,
  dmarcCheckSchema,
  dnsCheckSchema,
  mtaStsCheckSchema,
  spfCheckSchema,
  tlsRptCheckSchema,
} from './checks';
import type { checkWarningSchema } from './check-fields';
import type { daneCheckSchema, dnssecCheckSchema, smtpCheckSchema } from './checks-transport';
import { sample } from './example';

// Examples of each checker's result for example.com (a signed zone with two MX hosts, SPF ~all, DMARC
// p=quarantine), shared by the /checks documents and the stored results of Analysis by system.

const { domain, ip, otherIp } = sample;
const mx1 = `mx1.${domain}`;
const mx2 = `mx2.${domain}`;

export const warningExample: z.output<typeof checkWarningSchema> = {
  code: 'pct_partial',
  severity: 'info',
  message: 'pct=50: the policy applies to half of the failing mail.',
  params: { pct: 50 },
};

export const dnsExample: z.output<typeof dnsCheckSchema> = {
  domain,
  base_domain: domain,
  dnssec: 'secure',
  ns: {
    zone: domain,
    hostnames: [`ns1.${domain}`, `ns2.${domain}`],
    servers: [
      {
        hostname: `ns1.${domain}`,
        addresses: [ip],
        answers: [{ address: ip, status: 'authoritative', serial: 2026050401 }],
      },
      {
        hostname: `ns2.${domain}`,
        addresses: [otherIp],
        answers: [{ address: otherIp, status: 'authoritative', serial: 2026050401 }],
      },
    ],
    warnings: [],
    score: 100,
  },
  mx: {
    hosts: [
      { hostname: mx1, preference: 10, addresses: [ip], cname: null },
      { hostname: mx2, preference: 20, addresses: [otherIp], cname: null },
    ],
    null_mx: false,
    warnings: [],
    score: 100,
  },
  dnssec_score: 100,
  dane_score: 90,
  tls_score: 95,
  warnings: [],
  score: 96,
};

const spfRecord = `v=spf1 ip4:192.0.2.0/24 include:_spf.${sample.otherDomain} ~all`;
export const spfExample: z.output<typeof spfCheckSchema> = {
  domain,
  record: spfRecord,
  records: [spfRecord],
  valid: true,
  dns_lookups: 1,
  void_lookups: 0,
  tree: {
    domain,
    record: spfRecord,
    valid: true,
    mechanisms: [
      { qualifier: '+', name: 'ip4', value: '192.0.2.0/24', text: 'ip4:192.0.2.0/24', lookups: 0 },
      {
        qualifier: '+',
        name: 'include',
        value: `_spf.${sample.otherDomain}`,
        text: `include:_spf.${sample.otherDomain}`,
        lookups: 1,
      },
      { qualifier: '~', name: 'all', text: '~all', lookups: 0 },
    ],
    pass: ['ip4:192.0.2.0/24', `include:_spf.${sample.otherDomain}`],
    include: [
      {
        domain: `_spf.${sample.otherDomain}`,
        record: 'v=spf1 ip4:198.51.100.0/24 -all',
        valid: true,
        mechanisms: [
          { qualifier: '+', name: 'ip4', value: '198.51.100.0/24', text: 'ip4:198.51.100.0/24', lookups: 0 },
          { qualifier: '-', name: 'all', text: '-all', lookups: 0 },
        ],
        pass: ['ip4:198.51.100.0/24'],
        include: [],
        redirect: null,
        dns_lookups: 0,
        void_lookups: 0,
      },
    ],
    redirect: null,
    dns_lookups: 1,
    void_lookups: 0,
  },
  check_host: {
    ip,
    sender: sample.email,
    helo: null,
    result: 'pass',
    mechanism: 'ip4:192.0.2.0/24',
    domain,
    dns_lookups: 1,
    void_lookups: 0,
  },
  warnings: [
    {
      code: 'softfail_all',
      severity: 'info',
      message: '~all marks unlisted senders as suspicious; -all rejects them.',
    },
  ],
  score: 90,
};

const dmarcRecord = `v=DMARC1; p=quarantine; pct=50; rua=mailto:dmarc@${domain}`;
export const dmarcExample: z.output<typeof dmarcCheckSchema> = {
  domain,
  record: dmarcRecord,
  location: `_dmarc.${domain}`,
  org_domain: domain,
  tags: {
    v: { value: 'DMARC1', explicit: true, name: 'Version', default: null, description: 'Protocol version' },
    p: {
      value: 'quarantine',
      explicit: true,
      name: 'Policy',
      default: null,
      description: 'What receivers do with mail that fails DMARC',
    },
    pct: {
      value: '50',
      explicit: true,
      name: 'Percentage',
      default: '100',
      description: 'Share of failing mail the policy applies to',
    },
    rua: {
      value: `mailto:dmarc@${domain}`,
      explicit: true,
      name: 'Aggregate reports',
      default: null,
      description: 'Where receivers send aggregate reports',
    },
  },
  policy: 'quarantine',
  report_destinations: [
    {
      tag: 'rua',
      uri: `mailto:dmarc@${domain}`,
      scheme: 'mailto',
      address: `dmarc@${domain}`,
      domain,
      size_limit: null,
      external: false,
      authorized: null,
      has_mx: true,
    },
  ],
  walk: [{ name: `_dmarc.${domain}`, records: 1, rcode: 'NOERROR' }],
  valid: true,
  warnings: [warningExample],
  score: 85,
};

export const mtaStsExample: z.output<typeof mtaStsCheckSchema> = {
  domain,
  record: 'v=STSv1; id=20260504T000000;',
  id: '20260504T000000',
  valid: true,
  location: `_mta-sts.${domain}`,
  policy: {
    url: `https://mta-sts.${domain}/.well-known/mta-sts.txt`,
    data: `version: STSv1\nmode: enforce\nmx: *.${domain}\nmax_age: 604800\n`,
    info: { version: 'STSv1', mode: 'enforce', max_age: 604800, mx: [`*.${domain}`] },
    certificate_expires: '2026-08-01T23:59:59.000Z',
  },
  mx_coverage: [
    { host: mx1, covered: true },
    { host: mx2, covered: true },
  ],
  warnings: [],
  score: 100,
};

export const tlsRptExample: z.output<typeof tlsRptCheckSchema> = {
  domain,
  record: `v=TLSRPTv1; rua=mailto:tls-reports@${domain}`,
  valid: true,
  location: `_smtp._tls.${domain}`,
  policy: {
    v: 'TLSRPTv1',
    rua: [{ uri: `mailto:tls-reports@${domain}`, scheme: 'mailto', domain }],
    extensions: {},
  },
  warnings: [],
  score: 100,
};

const secureName = (name: string) => ({
  name,
  status: 'secure' as const,
  rcode: 'NOERROR',
  ede: [],
  has_ds: true,
  has_dnskey: true,
});
export const dnssecExample: z.output<typeof dnssecCheckSchema> = {
  domain,
  status: 'secure',
  details: secureName(domain),
  mx: [secureName(mx1), secureName(mx2)],
  warnings: [],
  score: 100,
};

export const daneExample: z.output<typeof daneCheckSchema> = {
  domain,
  mx_secure: true,
  hosts: [
    {
      host: mx1,
      tlsa_name: `_25._tcp.${mx1}`,
      status: 'valid',
      secure: true,
      records: [
        {
          usage: 3,
          selector: 1,
          matching_type: 1,
          data: '8cb0fc6c527506a053f4f14c8464bebbd6dede2738d11468dd953d7d6a3021f1',
          usable: true,
          matches: true,
        },
      ],
      warnings: [],
      score: 100,
    },
  ],
  warnings: [],
  score: 100,
};

export const smtpExample: z.output<typeof smtpCheckSchema> = {
  domain,
  null_mx: false,
  hosts: [
    {
      host: mx1,
      preference: 10,
      address: ip,
      port: 25,
      banner: `220 ${mx1} ESMTP ready`,
      extensions: ['PIPELINING', 'SIZE 52428800', 'STARTTLS', '8BITMIME'],
      start_tls: true,
      tls: {
        protocol: 'TLSv1.3',
        cipher: 'TLS_AES_256_GCM_SHA384',
        trusted: true,
        trust_error: null,
        name_matches: true,
        expired: false,
        chain: [
          {
            subject: `CN=${mx1}`,
            issuer: 'CN=Example Issuing CA',
            subject_alt_names: [mx1, mx2],
            valid_from: '2026-03-01T00:00:00.000Z',
            valid_to: '2026-08-01T23:59:59.000Z',
            days_left: 89,
            fingerprint256:
              '5F:0A:3B:C2:9E:44:71:D8:12:6E:AF:90:3C:57:B1:E4:08:9D:26:C3:7A:F5:11:E0:4B:92:6D:3A:C8:70:15:BE',
            self_signed: false,
          },
        ],
      },
      steps: [
        { step: 'resolve', ms: 4, ok: true },
        { step: 'connect', ms: 38, ok: true },
        { step: 'banner', ms: 51, ok: true },
        { step: 'ehlo', ms: 12, ok: true },
        { step: 'starttls', ms: 10, ok: true },
        { step: 'tls', ms: 64, ok: true },
        { step: 'ehlo_tls', ms: 11, ok: true },
        { step: 'quit', ms: 6, ok: true },
      ],
      warnings: [],
      score: 100,
    },
  ],
  warnings: [],
  score: 100,
};

export const dkimExample: z.output<typeof dkimCheckSchema> = {
  domain,
  selectors: [
    {
      selector: 'mail2026',
      source: 'both',
      found: true,
      record: 'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu...',
      key_type: 'rsa',
      key_bits: 2048,
      testing: false,
      revoked: false,
      warnings: [],
    },
  ],
  warnings: [],
  score: 100,
};

/** The attributes of each /checks document. */
export const checkExamples: { [K in keyof typeof checkAttributes]: z.output<(typeof checkAttributes)[K]> } = {
  dns: dnsExample,
  spf: spfExample,
  dmarc: dmarcExample,
  'mta-sts': mtaStsExample,
  'tls-rpt': tlsRptExample,
  dnssec: dnssecExample,
  dane: daneExample,
  smtp: smtpExample,
  domain: {
    domain,
    checks: {
      dns: dnsExample,
      spf: spfExample,
      dmarc: dmarcExample,
      tls_rpt: tlsRptExample,
      mta_sts: mtaStsExample,
      dnssec: dnssecExample,
      dane: daneExample,
      smtp: smtpExample,
      tls: { error: 'The TLS check ran past its deadline.' },
    },
    score: 96,
  },
};
