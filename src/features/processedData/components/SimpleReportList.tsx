import type { ReactNode } from 'react';
import { LoadingPanel } from '../../../components/LoadingPanel';
import type { Resource } from '../../../app/resource/createResource';
import type { ListQuery, Paged } from '../types';
import { useReportList } from '../useReportList';
import { ListState } from '../../../components/ListState';
import { Pager } from '../../../components/Pager';
import { Toolbar } from '../../../components/Toolbar';

type Props<T> = {
  resource: Resource<ListQuery, Paged<T>>;
  title: string;
  emptyText: string;
  pagingLabel: string;
  table: (rows: T[]) => ReactNode;
  /** Shown above the list, given its reload (the upload button). */
  toolbar?: (reload: () => void) => ReactNode;
};

/** A filtered, paged report list with its loading, error and empty states (TLS and failure reports). */
export function SimpleReportList<T>({ resource, title, emptyText, pagingLabel, table, toolbar }: Props<T>) {
  const list = useReportList(resource);
  const { data, isLoading, error } = list.state;
  return (
    <>
      {toolbar && <Toolbar>{toolbar(list.reload)}</Toolbar>}
      <LoadingPanel isLoading={isLoading} title={title}>
        <ListState
          isLoading={isLoading}
          error={error}
          hasData={!!data}
          isEmpty={(data?.data.length ?? 0) === 0}
          emptyText={emptyText}
          onRetry={list.reload}
        >
          {table(data?.data ?? [])}
          <Pager
            page={list.page}
            pageCount={list.pageCount}
            count={data?.meta.count ?? 0}
            onPage={list.setPage}
            label={pagingLabel}
          />
        </ListState>
      </LoadingPanel>
    </>
  );
}
