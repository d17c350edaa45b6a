import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { all, selectFilter } from '../filter';
import { analysisListResources } from './analysisResources';
import type { AnalysisOrdering, AnalysisQuery, AnalysisSystem } from './types';

export const analysisPageSize = 25;

/** One system's domain list under the global filter (organization, groups, domain), with search, order, page. */
export function useAnalysisList(system: AnalysisSystem) {
  const dispatch = useAppDispatch();
  const resource = analysisListResources[system];
  const filter = useAppSelector(selectFilter);
  const state = useAppSelector(resource.selectors.selectState);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [ordering, setOrdering] = useState<AnalysisOrdering>('domain');
  const organization = filter.organization ?? undefined;
  const domain = filter.domain === all ? undefined : filter.domain;
  const groups = filter.domainGroups === all ? '' : filter.domainGroups.join(',');

  // A new filter, search or order starts again at page 1.
  const scopeKey = [organization, groups, domain, search, ordering].join('|');
  const [scope, setScope] = useState(scopeKey);
  if (scope !== scopeKey) {
    setScope(scopeKey);
    setPage(1);
  }

  const query = useMemo<AnalysisQuery>(
    () => ({
      system,
      page,
      pageSize: analysisPageSize,
      organization,
      domainGroups: groups ? groups.split(',').map(Number) : undefined,
      domain,
      search: search || undefined,
      ordering,
    }),
    [system, page, organization, groups, domain, search, ordering],
  );
  const reload = useCallback(() => {
    dispatch(resource.actions.request(query));
  }, [dispatch, resource, query]);
  useEffect(reload, [reload]);

  const meta = state.data?.meta;
  const pageCount = meta ? Math.max(1, Math.ceil(meta.count / meta.pageSize)) : 1;
  return { state, query, page, pageCount, setPage, search, setSearch, ordering, setOrdering, reload };
}
