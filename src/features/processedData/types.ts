import type { PageLinks } from '../../../contract/jsonapi';

// Shapes of the /api/dm report endpoints after the client camelCased them (server/modules/reports).

export type Resource<A> = { type: string; id: number; attributes: A };
export type PageMeta = { count: number; page: number; pageSize: number };
export type Paged<T> = { data: T[]; links: PageLinks; meta: PageMeta };

export type PolicyPublished = {
  domain: string;
  adkim?: string | null;
  aspf?: string | null;
  p?: string | null;
  sp?: string | null;
  np?: string | null;
  pct?: number | null;
  fo?: string | null;
};

export type AggregateReportAttributes = {
  domain: string;
  orgName: string;
  email: string | null;
  reportId: string;
  beginDate: string;
  endDate: string;
  version: string | null;
  policyPublished: PolicyPublished;
  recordsCount: number;
  messagesCount: number;
  warnings: string[] | null;
  source: string;
  receivedAt: string;
  hasFile: boolean;
};
export type AggregateReport = Resource<AggregateReportAttributes>;

export type AuthResult = { domain: string; selector?: string | null; scope?: string | null; result: string };

export type DmarcRecord = {
  id: number;
  attributes: {
    sourceIp: string;
    reverseDns: string | null;
    senderService: string | null;
    count: number;
    disposition: string;
    dkim: string;
    spf: string;
    headerFrom: string;
    envelopeFrom: string | null;
    envelopeTo: string | null;
    spfResults: AuthResult[];
  };
  dkimSignatures: { id: number; attributes: AuthResult }[];
};

type OtherReportBase = {
  domain: string;
  orgName: string;
  reportId: string;
  beginDate: string;
  endDate: string;
  recordsCount: number;
  messagesCount: number;
  hasFile: boolean;
};

export type TlsFailureDetail = {
  resultType: string;
  sendingMtaIp: string | null;
  receivingMxHostname: string | null;
  receivingIp: string | null;
  failedSessionCount: number;
  failureReasonCode: string | null;
};
export type TlsPolicy = {
  policy: { type: string; domain: string; mxHost: string[] };
  summary: { totalSuccessfulSessionCount: number; totalFailureSessionCount: number };
  failureDetails: TlsFailureDetail[];
};
export type TlsReport = Resource<
  OtherReportBase & {
    successfulSessions: number;
    failedSessions: number;
    policyTypes: string[];
    details: { policies?: TlsPolicy[] } | null;
  }
>;

export type FailureReport = Resource<
  OtherReportBase & {
    sourceIp: string | null;
    authFailure: string[];
    arrivalDate: string | null;
    originalMailFrom: string | null;
    deliveryResult: string | null;
    dkimDomain: string | null;
    dkimSelector: string | null;
  }
>;

export type ListQuery = {
  page: number;
  domain?: string;
  beginDate?: string;
  endDate?: string;
  search?: string;
};

export type ReportKind = 'aggregate' | 'tls' | 'failure';

export type UploadOutcome = {
  file: string;
  status: 'imported' | 'duplicate' | 'rejected' | 'error';
  kind: ReportKind | null;
  reason: string | null;
  orgName: string | null;
  reportId: string | null;
  domain: string | null;
  records: number;
  messages: number;
  warnings: string[];
};
