import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { ListState } from '../../../components/ListState';
import { Pager } from '../../../components/Pager';
import type { useAnalyticsList } from '../useAnalyticsList';
import type { ListOp } from '../analyticsApi';
import { ExportCsvButton } from './ExportCsvButton';
import { ListToolbar } from '../../../components/ListToolbar';
import { SortableTable, type Column } from './SortableTable';

type Props<A> = {
  id: string;
  title: string;
  list: ReturnType<typeof useAnalyticsList<A>>;
  columns: Column<A>[];
  rowKey: (row: A) => string;
  csvUrl: ListOp;
  csvName: string;
  emptyText: string;
  /** Extra toolbar actions (e.g. the email senders button). */
  actions?: ReactNode;
  /** The search box's label, naming what it searches; without one the list has no search box. */
  searchLabel?: string;
};

/** One server-paged analytics table: search, sortable headers, CSV export, paging and its states. */
export function ListPanel<A>(props: Props<A>) {
  const { id, title, list, columns, rowKey, csvUrl, csvName, emptyText, actions, searchLabel } = props;
  const { t } = useTranslation('analytics');
  const { data, isLoading, error } = list.state;
  const rows = (data?.data ?? []).map((r) => r.attributes);
  const csv = (
    <ExportCsvButton
      url={csvUrl}
      params={list.params}
      fileName={csvName}
      label={t('csv.exportOf', { title })}
    />
  );
  return (
    <section aria-labelledby={`${id}-title`}>
      {searchLabel && (
        <ListToolbar id={id} label={searchLabel} onSearch={list.setSearch}>
          {actions}
        </ListToolbar>
      )}
      <LoadingPanel isLoading={isLoading} title={<span id={`${id}-title`}>{title}</span>} headerButtons={csv}>
        <ListState
          isLoading={isLoading}
          error={error}
          hasData={!!data}
          isEmpty={rows.length === 0}
          emptyText={list.search ? t('table.noMatch') : emptyText}
          onRetry={list.reload}
        >
          <SortableTable
            caption={title}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            ordering={list.ordering}
            onOrdering={list.setOrdering}
          />
          <Pager
            page={list.page}
            pageCount={list.pageCount}
            count={data?.meta.count ?? 0}
            onPage={list.setPage}
            label={t('table.paging', { title })}
          />
        </ListState>
      </LoadingPanel>
    </section>
  );
}
