import type { PageLinks } from '../../../contract/jsonapi';
import type { CheckWarning } from '../verifyTools/domainVerify/types';

// The /api/dm/analysis-by-system answers once the client camelCased them (contract s2-checks §1, §2, §6).

export type AnalysisSystem = 'dmarc' | 'spf' | 'smtp' | 'tls' | 'mta-sts' | 'dkim' | 'dnssec';
export type AnalysisStatus = 'pass' | 'warning' | 'fail' | 'unchecked';
export type SummaryValue = string | number | boolean | null;

export type DomainAnalysisAttributes = {
  domain: string;
  domainId: number;
  system: AnalysisSystem;
  status: AnalysisStatus;
  score: number | null;
  checkedAt: string | null;
  warningCount: number;
  warnings: CheckWarning[];
  summary: Record<string, SummaryValue>;
};

export type DomainAnalysis = { type: string; id: string; attributes: DomainAnalysisAttributes };

export type AnalysisPage = {
  data: DomainAnalysis[];
  links: PageLinks;
  meta: { count: number; pages?: number; page?: number; pageSize?: number };
};

export type DomainAnalysisDetail = {
  type: string;
  id: string;
  attributes: Omit<DomainAnalysisAttributes, 'warningCount' | 'summary'> & { result: unknown };
};

export type AnalysisOrdering = 'domain' | '-domain' | 'score' | '-score' | 'status';

export type AnalysisQuery = {
  system: AnalysisSystem;
  page: number;
  pageSize: number;
  search?: string;
  ordering?: AnalysisOrdering;
  organization?: number;
  domainGroups?: number[];
  domain?: string;
};

export type DkimSelector = {
  selector: string;
  source: 'reports' | 'dns' | 'both';
  found: boolean;
  record: string | null;
  keyType: 'rsa' | 'ed25519' | null;
  keyBits: number | null;
  testing: boolean;
  revoked: boolean;
  warnings: CheckWarning[];
};

export type DkimResult = {
  domain?: string;
  selectors?: DkimSelector[];
  warnings?: CheckWarning[];
  score?: number | null;
};

export type RecheckAnswer = {
  checkedAt: string;
  systems: { system: AnalysisSystem; status: AnalysisStatus; score: number | null }[];
};
