// The DNS lists checked by default, each with what its answers mean and where an operator asks for removal.
// Return codes are the lists' own documentation; an answer a list documents as an error (Spamhaus
// 127.255.255.x, DNSWL 127.0.0.255) is not a listing.

export type ListKind = 'block' | 'allow';

export type DnsList = {
  /** Display name. */
  name: string;
  zone: string;
  kind: ListKind;
  /** Meaning of each documented answer, by address. */
  codes: Record<string, string>;
  /** Answers that report a problem with the query, not a listing. */
  errors: Record<string, string>;
  /** Meaning of an answer the list does not document (e.g. DNSWL's 127.0.<category>.<trust>). */
  describe?: (code: string) => string | undefined;
  delistUrl: string | null;
  /** Whether the list answers queries about IPv6 addresses. */
  ipv6: boolean;
};

const spamhausErrors = {
  '127.255.255.252': 'Typing error in the DNSBL name',
  '127.255.255.254': 'Query through a public or open resolver: Spamhaus refuses it',
  '127.255.255.255': 'Excessive number of queries: rate limited',
};

const dnswlCategories: Record<string, string> = {
  '2': 'Financial services',
  '3': 'Email service providers',
  '4': 'Organisations',
  '5': 'Service/network providers',
  '6': 'Personal/private servers',
  '7': 'Travel/leisure industry',
  '8': 'Public sector/governments',
  '9': 'Media and tech companies',
  '10': 'Some special cases',
  '11': 'Education, academic',
  '12': 'Healthcare',
  '13': 'Manufacturing/industrial',
  '14': 'Retail/wholesale/services',
  '15': 'Email marketing providers',
  '20': 'Added through Self Service without specific category',
};
const dnswlTrust = ['none', 'low', 'medium', 'high'];

export const defaultLists: DnsList[] = [
  {
    name: 'Spamhaus ZEN',
    zone: 'zen.spamhaus.org',
    kind: 'block',
    codes: {
      '127.0.0.2': 'SBL: Spamhaus SBL data (direct spam sources)',
      '127.0.0.3': 'SBL CSS: Spamhaus CSS data (low-reputation senders)',
      '127.0.0.4': 'XBL: CBL data (exploited or infected host)',
      '127.0.0.5': 'XBL: exploited or infected host',
      '127.0.0.6': 'XBL: exploited or infected host',
      '127.0.0.7': 'XBL: exploited or infected host',
      '127.0.0.9': 'SBL DROP/EDROP data (hijacked or criminal network)',
      '127.0.0.10': 'PBL: ISP maintained (dynamic or end-user range)',
      '127.0.0.11': 'PBL: Spamhaus maintained (should not send mail directly)',
    },
    errors: spamhausErrors,
    delistUrl: 'https://check.spamhaus.org/',
    ipv6: true,
  },
  {
    name: 'SpamCop',
    zone: 'bl.spamcop.net',
    kind: 'block',
    codes: { '127.0.0.2': 'Listed: spam reported by SpamCop users (expires automatically)' },
    errors: {},
    delistUrl: 'https://www.spamcop.net/bl.shtml',
    ipv6: false,
  },
  {
    name: 'Barracuda',
    zone: 'b.barracudacentral.org',
    kind: 'block',
    codes: { '127.0.0.2': 'Listed: poor reputation at Barracuda Reputation System' },
    errors: {},
    delistUrl: 'https://www.barracudacentral.org/rbl/removal-request',
    ipv6: false,
  },
  {
    name: 'PSBL',
    zone: 'psbl.surriel.com',
    kind: 'block',
    codes: { '127.0.0.2': 'Listed: sent mail to spam traps' },
    errors: {},
    delistUrl: 'https://psbl.org/remove',
    ipv6: false,
  },
  {
    name: 'Mailspike',
    zone: 'bl.mailspike.net',
    kind: 'block',
    codes: {
      '127.0.0.2': 'Listed: Mailspike blacklist',
      '127.0.0.10': 'Worst possible reputation (L5)',
      '127.0.0.11': 'Very bad reputation (L4)',
      '127.0.0.12': 'Bad reputation (L3)',
      '127.0.0.13': 'Suspicious behavior reputation (L2)',
      '127.0.0.14': 'Neutral - probably spam (L1)',
    },
    errors: {},
    delistUrl: 'https://mailspike.org/',
    ipv6: false,
  },
  {
    name: 'UCEPROTECT Level 1',
    zone: 'dnsbl-1.uceprotect.net',
    kind: 'block',
    codes: { '127.0.0.2': 'Listed: this IP sent mail to spam traps (expires after 7 days without abuse)' },
    errors: {},
    delistUrl: 'https://www.uceprotect.net/en/rblcheck.php',
    ipv6: false,
  },
  {
    name: 'DNSWL',
    zone: 'list.dnswl.org',
    kind: 'allow',
    codes: {},
    errors: { '127.0.0.255': 'Query limit exceeded: DNSWL blocks this resolver' },
    describe: (code) => {
      const m = /^127\.0\.(\d+)\.([0-3])$/.exec(code);
      if (!m) return undefined;
      const category = dnswlCategories[m[1]] ?? `Category ${m[1]}`;
      return `Allow-listed: ${category}, trust ${dnswlTrust[Number(m[2])]}`;
    },
    delistUrl: 'https://www.dnswl.org/',
    ipv6: true,
  },
];

/** A list named by zone only (DNSBL_ZONES), with RFC 5782's generic meanings. */
export function customList(zone: string, kind: ListKind): DnsList {
  return {
    name: zone,
    zone,
    kind,
    codes: { '127.0.0.2': kind === 'allow' ? 'Allow-listed' : 'Listed' },
    errors: {},
    describe: () => (kind === 'allow' ? 'Allow-listed' : 'Listed'),
    delistUrl: null,
    ipv6: true,
  };
}

/**
 * DNSBL_ZONES: comma-separated zones, each optionally "=<known zone>" (a mirror or paid mirror that answers
 * like a default list, e.g. "<key>.zen.dq.spamhaus.net=zen.spamhaus.org") and ":allow" or ":block".
 * A zone of the default list keeps its meanings and delist page. Empty: the default list.
 */
export function parseListSetting(value: string | undefined): DnsList[] {
  if (!value?.trim()) return defaultLists;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const m = /^([^=:]+)(?:=([^:]+))?(?::(allow|block))?$/.exec(entry);
      const zone = normalise(m?.[1] ?? entry);
      const like = normalise(m?.[2] ?? zone);
      const known = defaultLists.find((l) => l.zone === like);
      const kind: ListKind = (m?.[3] as ListKind | undefined) ?? known?.kind ?? 'block';
      return known ? { ...known, zone, kind } : customList(zone, kind);
    });
}

const normalise = (zone: string) => zone.trim().toLowerCase().replace(/\.$/, '');

const zonePattern = '[a-z0-9_-]+(\\.[a-z0-9_-]+)+\\.?';
const entryPattern = new RegExp(`^${zonePattern}(=${zonePattern})?(:(allow|block))?$`, 'i');

/** True when a DNSBL_ZONES value is well formed. */
export function isListSetting(value: string): boolean {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .every((e) => entryPattern.test(e));
}
