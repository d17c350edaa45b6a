import { errorMessage } from '../../api/errors';
import { createResource, type Resource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import { fetchAnalysisDetail, fetchAnalysisList, recheckDomain } from './analysisApi';
import type {
  AnalysisPage,
  AnalysisQuery,
  AnalysisSystem,
  DetailQuery,
  DomainAnalysisDetail,
  RecheckAnswer,
} from './types';

// Lists and the detail are reads that show their error in place with a retry (no toast); "Check now" is a
// write whose answer is toasted: the server's detail (e.g. the 429 of the rate limit) or a generic text.

export const analysisSystems: readonly AnalysisSystem[] = [
  'dmarc',
  'spf',
  'smtp',
  'tls',
  'mta-sts',
  'dkim',
  'dnssec',
];

export const analysisListResources = Object.fromEntries(
  analysisSystems.map((system) => [
    system,
    registerResource(
      createResource<AnalysisQuery, AnalysisPage>({
        name: `analysisList_${system.replace('-', '')}`,
        kind: 'read',
        request: (q, { signal }) => fetchAnalysisList(q, signal),
      }),
    ),
  ]),
) as Record<AnalysisSystem, Resource<AnalysisQuery, AnalysisPage>>;

export const analysisDetailResource = registerResource(
  createResource<DetailQuery, DomainAnalysisDetail>({
    name: 'analysisDetail',
    kind: 'read',
    request: (q, { signal }) => fetchAnalysisDetail(q, signal),
  }),
);

export type RecheckRequest = { domainId: number; domain: string };

export const recheckResource = registerResource(
  createResource<RecheckRequest, RecheckAnswer>({
    name: 'analysisRecheck',
    kind: 'write',
    method: 'post',
    request: ({ domainId }) => recheckDomain(domainId),
    successMessage: (_data, { domain }) => i18n.t('analysis:recheck.done', { domain }),
    failureMessage: (error) => errorMessage(error, i18n.t('analysis:recheck.failed'), { from: 'detail' }),
  }),
);
