import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Modal } from '../../../components/Modal';
import { Pager } from '../../../components/Pager';
import { TonePill } from '../../../components/TonePill';
import { ListState } from '../../../components/ListState';
import { Button } from '../../../components/Button';
import { TableWrap } from '../../../components/Table';
import { firingsResource } from '../alertsResources';
import type { Alert } from '../alertsApi';
import { formatObserved, formatValue } from '../format';
import { formatDateTime, formatDay } from '../../../i18n/format';
import { StackedTable } from '../../../components/StackedTable';
import { FiringActions } from './FiringActions';
import '../locale';

type Props = { alert: Alert; onClose: () => void };

/** A rule's firings and recoveries, newest first (GET /alerts/{id}/firings/). */
export function FiringsModal({ alert, onClose }: Props) {
  const { t, i18n } = useTranslation('alerts');
  const lang = i18n.language;
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(firingsResource.selectors.selectState);
  const id = Number(alert.id);
  const load = (page: number) => dispatch(firingsResource.actions.request({ id, page }));
  const page = data?.meta.page ?? 1;
  const pageCount = data ? Math.max(1, Math.ceil(data.meta.count / data.meta.pageSize)) : 1;

  useEffect(() => {
    dispatch(firingsResource.actions.request({ id, page: 1 }));
  }, [dispatch, id]);

  const title = t('history.title', { name: alert.attributes.name || t('list.unnamed') });
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={title}
      width={760}
      footer={
        <Button type="button" onClick={onClose}>
          {t('history.close')}
        </Button>
      }
    >
      <ListState
        isLoading={isLoading}
        error={error}
        hasData={!!data}
        isEmpty={(data?.data.length ?? 0) === 0}
        emptyText={t('history.empty')}
        onRetry={() => load(page)}
      >
        {/* Wider than a phone: the box scrolls, so the keyboard must reach it (focusable region). */}
        <TableWrap tabIndex={0} role="region" aria-label={t('history.caption')}>
          <StackedTable aria-label={t('history.caption')}>
            <thead>
              <tr>
                <th scope="col">{t('history.when')}</th>
                <th scope="col">{t('history.day')}</th>
                <th scope="col">{t('history.subject')}</th>
                <th scope="col">{t('history.kind')}</th>
                <th scope="col">{t('history.values')}</th>
                <th scope="col">{t('history.emails')}</th>
                <th scope="col">{t('actions.column')}</th>
              </tr>
            </thead>
            <tbody>
              {(data?.data ?? []).map((f) => {
                const a = f.attributes;
                return (
                  <tr key={f.id}>
                    <td data-label={t('history.when')} style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(a.firedAt, lang)}
                    </td>
                    <td data-label={t('history.day')} style={{ whiteSpace: 'nowrap' }}>
                      {formatDay(a.day, lang)}
                    </td>
                    <td data-label={t('history.subject')} style={{ overflowWrap: 'anywhere' }}>
                      {a.subject}
                    </td>
                    <td data-label={t('history.kind')}>
                      <TonePill $tone={a.kind === 'firing' ? 'error' : 'success'}>
                        {t(a.kind === 'firing' ? 'history.firing' : 'history.recovery')}
                      </TonePill>
                    </td>
                    <td data-label={t('history.values')} style={{ overflowWrap: 'anywhere' }}>
                      {formatObserved(a.observed, lang, t)}
                    </td>
                    <td data-label={t('history.emails')}>
                      {a.pending && a.nextSendAt
                        ? t('held.firing', { time: formatDateTime(a.nextSendAt, lang) })
                        : formatValue(a.emailsSent, lang)}
                    </td>
                    <td data-label={t('actions.column')}>
                      <FiringActions alertId={id} firing={f} onDone={() => load(page)} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </StackedTable>
        </TableWrap>
        <Pager
          page={page}
          pageCount={pageCount}
          count={data?.meta.count ?? 0}
          onPage={load}
          label={t('history.paging')}
        />
      </ListState>
    </Modal>
  );
}
