import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Resource } from '../../app/resource/createResource';
import { filterToQuery, selectFilter } from '../filter';
import type { AnalyticsList, ListParams } from './types';

/**
 * A server-paged list under the global filter, with its own page, search and ordering (`-field` is
 * descending, as the server reads it). A new filter, search, ordering or `extra` starts at page 1.
 */
export function useAnalyticsList<A>(
  resource: Resource<ListParams, AnalyticsList<A>>,
  defaultOrdering: string,
  extra: ListParams = {},
) {
  const dispatch = useAppDispatch();
  const filter = useAppSelector(selectFilter);
  const state = useAppSelector(resource.selectors.selectState);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [ordering, setOrdering] = useState(defaultOrdering);
  const scopeKey = JSON.stringify([filter, search, ordering, extra]);
  const [scope, setScope] = useState(scopeKey);
  if (scope !== scopeKey) {
    setScope(scopeKey);
    setPage(1);
  }

  const params = useMemo<ListParams>(() => {
    const query: ListParams = Object.fromEntries(filterToQuery(filter));
    Object.assign(query, JSON.parse(scopeKey)[3] as ListParams);
    query.page = String(page);
    query.ordering = ordering;
    if (search.trim()) query.search = search.trim();
    return query;
  }, [filter, scopeKey, page, ordering, search]);

  const reload = useCallback(() => {
    dispatch(resource.actions.request(params));
  }, [dispatch, resource, params]);
  useEffect(reload, [reload]);

  const meta = state.data?.meta;
  const pageCount = meta ? Math.max(1, Math.ceil(meta.count / meta.pageSize)) : 1;
  return { state, page, pageCount, setPage, search, setSearch, ordering, setOrdering, params, reload };
}
