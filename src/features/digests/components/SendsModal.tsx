import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Modal } from '../../../components/Modal';
import { Pager } from '../../../components/Pager';
import { TonePill } from '../../../components/TonePill';
import { StackedTable } from '../../../components/StackedTable';
import { ListState } from '../../../components/ListState';
import { formatCount, formatDateTime } from '../../../i18n/format';
import { Button } from '../../../components/Button';
import { TableWrap } from '../../../components/Table';
import type { Digest, DigestType } from '../digestsApi';
import { digestSendsResource } from '../digestsResources';
import { formatDay } from '../format';
import '../locale';

type Props = { digest: Digest; onClose: () => void };

const tones = { sent: 'success', quiet: 'warning', skipped: 'textMuted' } as const;

/** A report's sends, newest first (GET .../sends/): a quiet or skipped period is there too. */
export function SendsModal({ digest, onClose }: Props) {
  const { t, i18n } = useTranslation('digests');
  const lang = i18n.language;
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(digestSendsResource.selectors.selectState);
  const type = digest.attributes.reportType as DigestType;
  const id = Number(digest.id);
  const load = (page: number) => dispatch(digestSendsResource.actions.request({ type, id, page }));
  const page = data?.meta.page ?? 1;
  const pageCount = data ? Math.max(1, Math.ceil(data.meta.count / data.meta.pageSize)) : 1;

  useEffect(() => {
    dispatch(digestSendsResource.actions.reset());
    dispatch(digestSendsResource.actions.request({ type, id, page: 1 }));
  }, [dispatch, type, id]);

  const title = t('history.title', { name: digest.attributes.name });
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
        <TableWrap tabIndex={0} role="region" aria-label={t('history.caption')}>
          <StackedTable aria-label={t('history.caption')}>
            <thead>
              <tr>
                <th scope="col">{t('history.when')}</th>
                <th scope="col">{t('history.period')}</th>
                <th scope="col">{t('history.kind')}</th>
                <th scope="col">{t('history.status')}</th>
                <th scope="col">{t('history.recipients')}</th>
                <th scope="col">{t('history.messages')}</th>
              </tr>
            </thead>
            <tbody>
              {(data?.data ?? []).map((s) => {
                const a = s.attributes;
                return (
                  <tr key={s.id}>
                    <td data-label={t('history.when')}>{formatDateTime(a.createdAt, lang)}</td>
                    <td data-label={t('history.period')}>
                      {t('preview.range', {
                        from: formatDay(a.periodBegin, lang),
                        to: formatDay(a.periodEnd, lang),
                      })}
                    </td>
                    <td data-label={t('history.kind')}>{t(`history.kinds.${a.kind}`)}</td>
                    <td data-label={t('history.status')}>
                      <TonePill $tone={tones[a.status]}>{t(`history.statuses.${a.status}`)}</TonePill>
                    </td>
                    <td data-label={t('history.recipients')}>{formatCount(a.recipients, lang)}</td>
                    <td data-label={t('history.messages')}>{formatCount(a.messages, lang)}</td>
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
