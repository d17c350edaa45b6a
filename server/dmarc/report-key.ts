import type { Report } from './types';

// The duplicate key (reporter org, report id, policy domain, begin, end) and the headline numbers.

export type ReportKey = {
  kind: Report['kind'];
  orgName: string;
  reportId: string;
  domain: string;
  /** Epoch seconds. */
  begin: number;
  end: number;
};

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

export function reportKey(report: Report): ReportKey {
  switch (report.kind) {
    case 'aggregate':
      return {
        kind: 'aggregate',
        orgName: report.reportMetadata.orgName,
        reportId: report.reportMetadata.reportId,
        domain: report.policyPublished.domain,
        begin: report.reportMetadata.dateRange.begin,
        end: report.reportMetadata.dateRange.end,
      };
    case 'tls':
      return {
        kind: 'tls',
        orgName: report.organizationName,
        reportId: report.reportId,
        domain: report.policies[0]?.policy.domain ?? '',
        begin: seconds(report.dateRange.start),
        end: seconds(report.dateRange.end),
      };
    case 'failure': {
      const at = seconds(report.arrivalDate);
      return {
        kind: 'failure',
        orgName: report.reporter,
        reportId: report.reportId,
        domain: report.reportedDomain,
        begin: at,
        end: at,
      };
    }
  }
}

/** One string form of the key, for maps and unique indexes. */
export const reportKeyString = (report: Report): string => JSON.stringify(Object.values(reportKey(report)));

export type ReportSummary = { kind: Report['kind']; records: number; messages: number };

/**
 * Records and messages: aggregate records and the sum of their counts; for TLS, policies and sessions
 * (successful + failed); a failure report is one record about one message.
 */
export function summarise(report: Report): ReportSummary {
  switch (report.kind) {
    case 'aggregate': {
      let messages = 0;
      for (const r of report.records) messages += r.count;
      return { kind: 'aggregate', records: report.records.length, messages };
    }
    case 'tls': {
      let messages = 0;
      for (const p of report.policies) {
        messages += p.summary.totalSuccessfulSessionCount + p.summary.totalFailureSessionCount;
      }
      return { kind: 'tls', records: report.policies.length, messages };
    }
    case 'failure':
      return { kind: 'failure', records: 1, messages: 1 };
  }
}
