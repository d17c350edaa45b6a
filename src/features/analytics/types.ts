import type { Paged } from '../processedData/types';

// Shapes of the /api/dm analytics endpoints after the client camelCased them (server/modules/analytics and
// the contract in the team brief).

export type PassFail = { passed: number; failed: number };
export type Metrics = {
  nrDomains: number;
  nrReports: number;
  nrRecords: number;
  nrMessages: number;
  dateRange: { beginDate: string; endDate: string };
  dkim: PassFail;
  spf: PassFail;
  dmarc: PassFail & { passedSplit: { dkimAndSpf: number; dkimOnly: number; spfOnly: number } };
  verification: {
    aligned: number;
    passed: number;
    failed: number;
    alignedPercentage: number;
    passedPercentage: number;
    failedPercentage: number;
  };
};

export const seriesIds = [
  'messages',
  'dmarc_passed',
  'dmarc_failed',
  'dkim_passed',
  'dkim_failed',
  'spf_passed',
  'spf_failed',
] as const;
export type SeriesId = (typeof seriesIds)[number];
export type Point = { x: string; y: number };
export type TimeSeries = { id: SeriesId; attributes: { points: Point[] } }[];
export type Overview = { metrics: Metrics; series: TimeSeries };

type Counts = { messages: number; dkimPassed: number; spfPassed: number; dmarcPassed: number };

export type DomainRow = Counts & {
  domain: string;
  records: number;
  dmarcFailed: number;
  sources: number;
  dmarcPassedPercentage: number;
};
export type IpRow = Counts & {
  sourceIp: string;
  reverseDns: string | null;
  senderService: string | null;
  country?: string | null;
  asn?: string | number | null;
  asName?: string | null;
  records: number;
  dmarcFailed: number;
  domains: number;
  dmarcPassedPercentage: number;
};
export type SenderServiceRow = Counts & {
  senderService: string;
  emailSenderId: number | null;
  logo: string | null;
  dmarcPassedPercentage: number;
  ips: number;
  domains: number;
};
export type MessageRow = {
  sourceIp: string;
  reverseDns: string | null;
  country: string | null;
  asn: string | number | null;
  headerFrom: string;
  envelopeFrom: string | null;
  disposition: string;
  dkim: string;
  spf: string;
  dmarcPass: boolean;
  messages: number;
  records: number;
  reports: number;
};
export type SenderDetailRow = Counts & { orgName: string; date: string };
export type SenderAssociation = { id: number; ip: string; reverseDns: string | null; messages: number };

export type Row<A> = { type: string; id: string | number; attributes: A };
export type AnalyticsList<A> = Paged<Row<A>> & {
  meta: Paged<Row<A>>['meta'] & { beginDate?: string; endDate?: string };
};

/** The query of one list call: the global filter as URL parameters plus page, search and ordering. */
export type ListParams = Record<string, string>;
