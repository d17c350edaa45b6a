import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Resource } from '../../app/resource/createResource';
import { all, selectFilter } from '../filter';
import type { ListQuery, Paged } from './types';

/** A report list bound to the global filter (domain and period), with its own page and search. */
export function useReportList<T>(resource: Resource<ListQuery, Paged<T>>) {
  const dispatch = useAppDispatch();
  const filter = useAppSelector(selectFilter);
  const state = useAppSelector(resource.selectors.selectState);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const domain = filter.domain === all ? undefined : filter.domain;
  const { beginDate, endDate } = filter;

  // A new filter or search starts again at page 1.
  const [scope, setScope] = useState({ domain, beginDate, endDate, search });
  if (
    scope.domain !== domain ||
    scope.beginDate !== beginDate ||
    scope.endDate !== endDate ||
    scope.search !== search
  ) {
    setScope({ domain, beginDate, endDate, search });
    setPage(1);
  }

  const query = useMemo<ListQuery>(
    () => ({ page, domain, beginDate, endDate, search: search || undefined }),
    [page, domain, beginDate, endDate, search],
  );
  const reload = useCallback(() => {
    dispatch(resource.actions.request(query));
  }, [dispatch, resource, query]);
  useEffect(reload, [reload]);

  const meta = state.data?.meta;
  const pageCount = meta ? Math.max(1, Math.ceil(meta.count / meta.pageSize)) : 1;
  return { state, page, pageCount, setPage, search, setSearch, reload };
}
