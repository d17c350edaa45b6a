import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ListState } from '../../../components/ListState';
import { Pager } from '../../../components/Pager';
import { Table, TableWrap } from '../../../components/Table';
import { historyPageSize } from './domainInfoApi';
import { historyResources } from './domainInfoResources';
import { formatDateTime } from '../../../i18n/format';
import type { HistoryType } from './types';

/** One history list of a domain (the changes the scheduled re-check recorded), newest first, paged. */
export function HistoryTable({ domainId, type }: { domainId: number; type: HistoryType }) {
  const { t, i18n } = useTranslation('domainInfo');
  const dispatch = useAppDispatch();
  const resource = historyResources[type];
  const { data, isLoading, error } = useAppSelector(resource.selectors.selectState);
  const [page, setPage] = useState(1);
  const [forDomain, setForDomain] = useState(domainId);
  if (forDomain !== domainId) {
    setForDomain(domainId);
    setPage(1);
  }
  const load = useCallback(() => {
    dispatch(resource.actions.request({ id: domainId, type, page }));
  }, [dispatch, resource, domainId, type, page]);
  useEffect(load, [load]);
  const rows = data?.data ?? [];
  const count = data?.meta.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / historyPageSize));
  const title = t(`history.types.${type}`);

  return (
    <ListState
      isLoading={isLoading}
      error={error}
      hasData={!!data}
      isEmpty={rows.length === 0}
      emptyText={t('history.empty')}
      onRetry={load}
    >
      <TableWrap>
        <Table>
          <caption>{t('history.caption', { type: title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('history.date')}</th>
              <th scope="col">{t('history.type')}</th>
              <th scope="col" className="number">
                {t('history.ttl')}
              </th>
              <th scope="col">{t('history.content')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="period">{formatDateTime(row.attributes.date, i18n.language)}</td>
                <td>{row.attributes.type}</td>
                <td className="number">{row.attributes.ttl}</td>
                <td>
                  <code>{row.attributes.content}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableWrap>
      <Pager
        page={page}
        pageCount={pageCount}
        count={count}
        onPage={setPage}
        label={t('history.paging', { type: title })}
      />
    </ListState>
  );
}
