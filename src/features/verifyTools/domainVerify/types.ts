// What the /checks/* answers look like once camelCased by the client. Only the fields the page shows are
// named; everything is optional because an older or partial server answer must not break the page.

export type Severity = 'error' | 'warning' | 'info';
export type CheckWarning = { code: string; severity: Severity; message: string; subject?: string };

export type BaseResult = {
  domain?: string;
  record?: string | null;
  location?: string | null;
  valid?: boolean;
  warnings?: CheckWarning[];
  score?: number | null;
};

export type DmarcTag = {
  value: string | null;
  explicit: boolean;
  name: string;
  default: string | null;
  description: string;
};

export type SpfTreeNode = {
  domain: string;
  record: string | null;
  valid: boolean;
  error?: string;
  pass?: string[];
  include?: SpfTreeNode[];
  redirect?: SpfTreeNode | null;
};

export type DnsResult = BaseResult & {
  baseDomain?: string;
  dnssec?: string | null;
  ns?: { hostnames?: string[]; warnings?: CheckWarning[]; score?: number };
  mx?: {
    hosts?: { hostname: string; preference: number }[];
    nullMx?: boolean;
    warnings?: CheckWarning[];
    score?: number;
  };
};

export type SpfResult = BaseResult & { dnsLookups?: number; tree?: SpfTreeNode | null };
export type DmarcResult = BaseResult & { tags?: Record<string, DmarcTag> | null; policy?: string | null };
export type MtaStsResult = BaseResult & {
  policy?: {
    url?: string;
    data?: string | null;
    info?: { mode?: string; maxAge?: number; mx?: string[]; version?: string } | null;
  };
};
// The server sends each rua destination as an object ({ uri, ... }), RFC 8460 §3.
export type TlsRptResult = BaseResult & { policy?: { v?: string; rua?: { uri: string }[] } | null };

export type DnssecNameResult = { name: string; status: string; rcode?: string };
export type DnssecResult = BaseResult & {
  status?: string;
  details?: DnssecNameResult;
  mx?: DnssecNameResult[];
};

export type DaneHost = {
  host: string;
  tlsaName: string;
  status: string;
  secure: boolean;
  records: {
    usage: number;
    selector: number;
    matchingType: number;
    data: string;
    usable: boolean;
    matches: boolean;
  }[];
};
export type DaneResult = BaseResult & { mxSecure?: boolean; hosts?: DaneHost[] };

export type SmtpStep = { step: string; ms: number; ok: boolean; detail?: string };
export type SmtpHost = {
  host: string;
  preference: number;
  address: string | null;
  port: number;
  banner: string | null;
  startTls: boolean;
  tls: {
    protocol: string | null;
    cipher: string | null;
    trusted: boolean;
    nameMatches: boolean;
    expired: boolean;
    chain: { subject: string; issuer: string; validTo: string; daysLeft: number }[];
  } | null;
  steps: SmtpStep[];
  score: number;
};
export type SmtpResult = BaseResult & { nullMx?: boolean; hosts?: SmtpHost[] };
