// Typed results of report parsing. Field names are camelCase; the storage layer maps them to snake_case.

export type Disposition = 'none' | 'quarantine' | 'reject';
/** RFC 7489 appendix C DMARCResultType: the aligned verdict in policy_evaluated. */
export type DmarcVerdict = 'pass' | 'fail';
/** RFC 7489 appendix C DKIMResultType. */
export type DkimResult = 'none' | 'pass' | 'fail' | 'policy' | 'neutral' | 'temperror' | 'permerror';
/** RFC 7489 appendix C SPFResultType. */
export type SpfResult = 'none' | 'neutral' | 'pass' | 'fail' | 'softfail' | 'temperror' | 'permerror';
export type SpfScope = 'helo' | 'mfrom';

export type DateRange = {
  /** Epoch seconds, as sent. */
  begin: number;
  end: number;
};

export type ReportMetadata = {
  orgName: string;
  email: string;
  extraContactInfo: string | null;
  reportId: string;
  dateRange: DateRange;
  errors: string[];
  /** RFC 9990 report_metadata/generator. */
  generator: string | null;
};

export type PolicyPublished = {
  domain: string;
  adkim: 'r' | 's';
  aspf: 'r' | 's';
  p: Disposition;
  /** null when the report does not state it (sp then inherits p). */
  sp: Disposition | null;
  /** RFC 9091 / RFC 9990 non-existent subdomain policy. */
  np: Disposition | null;
  /** RFC 7489 only; RFC 9990 dropped pct. */
  pct: number | null;
  fo: string | null;
  /** RFC 9990 t= tag echoed as y/n. */
  testing: 'y' | 'n' | null;
  /** RFC 9990: 'psl' or 'treewalk' (other words kept as sent, lower-cased). */
  discoveryMethod: string | null;
};

export type PolicyOverrideReason = { type: string; comment: string | null };

export type DkimAuthResult = {
  domain: string;
  selector: string | null;
  result: DkimResult;
  humanResult: string | null;
};

export type SpfAuthResult = {
  domain: string;
  /** null when the reporter left scope out (optional in RFC 9990). */
  scope: SpfScope | null;
  result: SpfResult;
  humanResult: string | null;
};

/** A vendor extension element, kept as a small tree (size-capped). */
export type ExtensionNode = {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: ExtensionNode[];
};

export type AggregateRecord = {
  sourceIp: string;
  count: number;
  policyEvaluated: {
    disposition: Disposition;
    dkim: DmarcVerdict;
    spf: DmarcVerdict;
    reasons: PolicyOverrideReason[];
  };
  identifiers: { headerFrom: string; envelopeFrom: string | null; envelopeTo: string | null };
  authResults: { dkim: DkimAuthResult[]; spf: SpfAuthResult[] };
  extensions?: ExtensionNode[];
};

export type AggregateReport = {
  kind: 'aggregate';
  /** The <version> element as sent ('1.0', '2.0', '0.1'), or null for the old drafts without one. */
  version: string | null;
  reportMetadata: ReportMetadata;
  policyPublished: PolicyPublished;
  records: AggregateRecord[];
  extensions?: ExtensionNode[];
  warnings: string[];
};

/** RFC 8460 section 4.4 failure-details entry. */
export type TlsFailureDetail = {
  resultType: string;
  sendingMtaIp: string | null;
  receivingMxHostname: string | null;
  receivingMxHelo: string | null;
  receivingIp: string | null;
  failedSessionCount: number;
  additionalInformation: string | null;
  failureReasonCode: string | null;
};

export type TlsPolicyResult = {
  policy: {
    /** 'sts' | 'tlsa' | 'no-policy-found' (other words kept as sent). */
    type: string;
    string: string[];
    domain: string;
    mxHost: string[];
  };
  summary: { totalSuccessfulSessionCount: number; totalFailureSessionCount: number };
  failureDetails: TlsFailureDetail[];
};

export type TlsReport = {
  kind: 'tls';
  organizationName: string;
  dateRange: { start: Date; end: Date };
  contactInfo: string | null;
  reportId: string;
  policies: TlsPolicyResult[];
  warnings: string[];
};

/** RFC 6591 authentication failure report (ARF, RFC 5965), also RFC 9991 failure reports. */
export type FailureReport = {
  kind: 'failure';
  feedbackType: 'auth-failure';
  /** Outer message: who sent the report and its Message-ID (the report id for de-duplication). */
  reporter: string;
  messageId: string | null;
  /** Message-ID, else Original-Envelope-Id, else a digest of the report parts (stable on re-delivery). */
  reportId: string;
  userAgent: string | null;
  version: string | null;
  reportedDomain: string;
  sourceIp: string | null;
  /** RFC 6591 Auth-Failure: adsp, bodyhash, revoked, signature, spf, dmarc. */
  authFailure: string[];
  arrivalDate: Date | null;
  originalMailFrom: string | null;
  originalRcptTo: string[];
  originalEnvelopeId: string | null;
  reportingMta: string | null;
  authenticationResults: string[];
  deliveryResult: string | null;
  identityAlignment: string | null;
  dkim: { domain: string | null; identity: string | null; selector: string | null };
  spfDns: string | null;
  reportedUris: string[];
  /** Header block of the original message (message/rfc822 or text/rfc822-headers), size-capped. */
  originalHeaders: string | null;
  warnings: string[];
};

export type Report = AggregateReport | TlsReport | FailureReport;

export type ParseOutcome =
  | {
      ok: true;
      reports: Report[];
      warnings: string[];
      /** With keepParts: per report, its own bytes, or null when the input itself is (report-part.ts). */
      parts?: ({ name: string; bytes: Buffer } | null)[];
    }
  | { ok: false; reason: string };

/** Memory shared by concurrent parses (uploads): 'busy' waits for others, 'too-big' never fits. */
export type MemoryHook = { take: (bytes: number) => 'ok' | 'busy' | 'too-big' };

export type ParseOptions = {
  /** Cap on all bytes produced by decompression (gzip, zip), default 200 MB. */
  maxDecompressedBytes?: number;
  /** Cap on members in one zip archive, default 50. */
  maxArchiveMembers?: number;
  /** Container layers (e-mail, gzip, zip) that may be unwrapped, default 3. */
  maxDepth?: number;
  /** Cap on the raw input (and any single buffered container), default 200 MB. */
  maxInputBytes?: number;
  /** Also return each report's own bytes (`parts`); off by default (the parser alone does not need them). */
  keepParts?: boolean;
  /** Every decompressed byte is also taken from this shared memory (not for the worker pool: not cloneable). */
  memory?: MemoryHook;
};
