// Every DMARC tag the console shows (product spec section 3, plus np, t and psd of RFC 9989 §4.7), with its
// name, default and description, and the check of its value. pct, rf and ri were removed by RFC 9989;
// they keep their RFC 7489 §6.3 defaults here so older receivers' reading can be shown.

export type TagName =
  'v' | 'p' | 'sp' | 'np' | 'adkim' | 'aspf' | 'fo' | 'rua' | 'ruf' | 'pct' | 'rf' | 'ri' | 't' | 'psd';

export type TagDef = {
  name: string;
  /** The default as text; for sp and np it depends on other tags (see effectiveDefault). */
  default: string | null;
  description: string;
  /** Describes a value; undefined when the value is not one of the allowed ones. */
  values?: Record<string, string>;
  /** A problem with a value, or null. */
  check: (value: string) => string | null;
  removedBy9989?: boolean;
};

const POLICY_VALUES = {
  none: 'No specific action: the owner only asks for reports (monitoring).',
  quarantine: 'Treat failing mail as suspicious: deliver it to spam or quarantine.',
  reject: 'Reject failing mail during the SMTP transaction.',
};
const ALIGNMENT_VALUES = {
  r: 'Relaxed: the domains need only share their organizational domain.',
  s: 'Strict: the domains must be identical.',
};

const oneOf = (allowed: string[]) => (v: string) =>
  allowed.includes(v.toLowerCase()) ? null : `expected one of ${allowed.join(', ')}`;

export const TAGS: Record<TagName, TagDef> = {
  v: {
    name: 'Protocol version',
    default: null,
    description: 'Identifies the record as DMARC; must be "DMARC1" and the first tag.',
    check: (v) => (v === 'DMARC1' ? null : 'expected DMARC1'),
  },
  p: {
    name: 'Requested mail receiver policy',
    default: 'none',
    description: 'What the domain owner asks receivers to do with mail that fails DMARC.',
    values: POLICY_VALUES,
    check: oneOf(Object.keys(POLICY_VALUES)),
  },
  sp: {
    name: 'Subdomain policy',
    default: null,
    description: 'The policy for subdomains of the domain; the p policy applies when absent.',
    values: POLICY_VALUES,
    check: oneOf(Object.keys(POLICY_VALUES)),
  },
  np: {
    name: 'Non-existent subdomain policy',
    default: null,
    description: 'The policy for subdomains that do not exist in DNS; sp (or p) applies when absent.',
    values: POLICY_VALUES,
    check: oneOf(Object.keys(POLICY_VALUES)),
  },
  adkim: {
    name: 'DKIM identifier alignment mode',
    default: 'r',
    description: 'How closely the DKIM signing domain (d=) must match the From domain.',
    values: ALIGNMENT_VALUES,
    check: oneOf(['r', 's']),
  },
  aspf: {
    name: 'SPF identifier alignment mode',
    default: 'r',
    description: 'How closely the SPF-authenticated (MAIL FROM) domain must match the From domain.',
    values: ALIGNMENT_VALUES,
    check: oneOf(['r', 's']),
  },
  fo: {
    name: 'Failure reporting options',
    default: '0',
    description:
      'When to send failure reports: 0 all mechanisms fail, 1 any mechanism fails, d DKIM fails, s SPF fails (colon-separated). Ignored without ruf.',
    check: (v) =>
      /^[01ds](\s*:\s*[01ds])*$/i.test(v) ? null : 'expected a colon-separated list of 0, 1, d, s',
  },
  rua: {
    name: 'Aggregate report destinations',
    default: null,
    description: 'Where receivers send daily aggregate reports (comma-separated URIs, usually mailto:).',
    check: () => null,
  },
  ruf: {
    name: 'Failure report destinations',
    default: null,
    description:
      'Where receivers send per-message failure reports (comma-separated URIs); few receivers send them.',
    check: () => null,
  },
  pct: {
    name: 'Percentage of mail subject to the policy',
    default: '100',
    description: 'Share of failing mail the policy applies to. Removed by RFC 9989 (use t=y for testing).',
    check: (v) => (/^\d{1,3}$/.test(v) && Number(v) <= 100 ? null : 'expected a whole number from 0 to 100'),
    removedBy9989: true,
  },
  rf: {
    name: 'Failure report format',
    default: 'afrf',
    description: 'Format of failure reports (afrf). Removed by RFC 9989.',
    check: (v) => (v.split(':').every((f) => f.trim().toLowerCase() === 'afrf') ? null : 'expected afrf'),
    removedBy9989: true,
  },
  ri: {
    name: 'Aggregate report interval',
    default: '86400',
    description: 'Requested seconds between aggregate reports. Removed by RFC 9989.',
    check: (v) => (/^\d{1,10}$/.test(v) && Number(v) <= 4294967295 ? null : 'expected a number of seconds'),
    removedBy9989: true,
  },
  t: {
    name: 'Testing mode',
    default: 'n',
    description: 'y asks receivers to apply one step less than the policy (testing); n applies it fully.',
    values: {
      y: 'Testing: quarantine is applied as none, reject as quarantine.',
      n: 'The policy applies in full.',
    },
    check: oneOf(['y', 'n']),
  },
  psd: {
    name: 'Public suffix domain flag',
    default: 'u',
    description:
      'y: the record belongs to a public suffix domain; n: to an organizational domain; u: unknown.',
    values: {
      y: 'This is a public suffix domain (PSD) policy.',
      n: 'This domain is an organizational domain.',
      u: 'Not stated: the tree walk decides.',
    },
    check: oneOf(['y', 'n', 'u']),
  },
};

export const TAG_ORDER = Object.keys(TAGS) as TagName[];

export const isTagName = (name: string): name is TagName => Object.hasOwn(TAGS, name);
