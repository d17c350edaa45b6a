import type { Wire } from '../../../contract/casing';
import type {
  analysisDetail,
  analysisList,
  analysisOrderings,
  recheckResponse,
} from '../../../contract/analysis';
import type { dkimCheckSchema } from '../../../contract/checks';

// The /api/dm/analysis-by-system answers as the SPA reads them: the contract's schemas
// (contract/analysis.ts) after the client's camelCase mapping.

export type AnalysisPage = Wire<typeof analysisList>;
export type DomainAnalysis = AnalysisPage['data'][number];
export type DomainAnalysisAttributes = DomainAnalysis['attributes'];
export type AnalysisSystem = DomainAnalysisAttributes['system'];
export type AnalysisStatus = DomainAnalysisAttributes['status'];
export type SummaryValue = DomainAnalysisAttributes['summary'][string];

/** One domain's stored result; `attributes.result` is the document `attributes.system` names. */
export type DomainAnalysisDetail = Wire<typeof analysisDetail>['data'];

export type DkimResult = Wire<typeof dkimCheckSchema>;
export type DkimSelector = DkimResult['selectors'][number];

export type RecheckAnswer = Wire<typeof recheckResponse>['data'];

export type AnalysisOrdering = (typeof analysisOrderings)[number];

/** The list page's query: the global filter, paging, search and ordering (UI state, sent as params). */
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
