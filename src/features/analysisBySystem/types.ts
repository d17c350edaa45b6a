import type { z } from 'zod';
import type { Wire, WireQuery } from '../../../contract/casing';
import type {
  analysisDetail,
  analysisDetailParams,
  analysisDetailQuery,
  analysisList,
  analysisListQuery,
  analysisOrderings,
  analysisSystemParams,
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

type AnalysisListQuery = WireQuery<typeof analysisListQuery>;
/** The list page's query: the system (path), paging, the global filter, search and ordering. */
export type AnalysisQuery = z.output<typeof analysisSystemParams> &
  Required<Pick<AnalysisListQuery, 'page' | 'pageSize'>> &
  Pick<AnalysisListQuery, 'search' | 'ordering' | 'organization' | 'domainGroups' | 'domain'>;

/** One domain's result: the system and domain (path) and the filter's organization. */
export type DetailQuery = z.output<typeof analysisDetailParams> & WireQuery<typeof analysisDetailQuery>;
