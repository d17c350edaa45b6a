import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { policyTags } from '../format';
import { formatCount, formatDateTime } from '../../../i18n/format';
import { aggregateReportResource, reportRecordsResource } from '../reportsResources';
import { Button } from '../../../components/Button';
import { Facts } from '../../../components/Facts';
import { DownloadButton } from './DownloadButton';
import { ListState } from '../../../components/ListState';
import { Pager } from '../../../components/Pager';
import { RecordsTable } from './RecordsTable';

type Props = { id: number; onBack: () => void };

/** One aggregate report: its metadata, the published policy and its records, paged. */
export function ReportDetail({ id, onBack }: Props) {
  const { t, i18n } = useTranslation('processedData');
  const dispatch = useAppDispatch();
  const report = useAppSelector(aggregateReportResource.selectors.selectState);
  const records = useAppSelector(reportRecordsResource.selectors.selectState);
  const [page, setPage] = useState(1);

  const loadReport = () => dispatch(aggregateReportResource.actions.request(id));
  const loadRecords = () => dispatch(reportRecordsResource.actions.request({ id, page }));
  useEffect(() => {
    dispatch(aggregateReportResource.actions.request(id));
    // Another report's records must not flash up when the next one opens.
    return () => {
      dispatch(reportRecordsResource.actions.reset());
    };
  }, [dispatch, id]);
  useEffect(() => {
    dispatch(reportRecordsResource.actions.request({ id, page }));
  }, [dispatch, id, page]);

  // The stores keep the previous report until the new one arrives: show only this one.
  const current = report.data?.id === id ? report.data : null;
  const a = current?.attributes;
  const meta = records.data?.meta;
  const pageCount = meta ? Math.max(1, Math.ceil(meta.count / meta.pageSize)) : 1;

  return (
    <>
      <Button type="button" onClick={onBack}>
        {t('detail.back')}
      </Button>
      <LoadingPanel
        isLoading={report.isLoading}
        title={a ? t('detail.title', { reporter: a.orgName, id: a.reportId }) : t('detail.loadingTitle')}
        headerButtons={a?.hasFile ? <DownloadButton kind="aggregate" id={id} /> : undefined}
      >
        <ListState
          isLoading={report.isLoading}
          error={report.error}
          hasData={!!current}
          isEmpty={false}
          emptyText=""
          onRetry={loadReport}
        >
          {a && (
            <Facts>
              <dt>{t('columns.reporter')}</dt>
              <dd>{a.email ? t('detail.reporterEmail', { name: a.orgName, email: a.email }) : a.orgName}</dd>
              <dt>{t('detail.reportId')}</dt>
              <dd>{a.reportId}</dd>
              <dt>{t('columns.period')}</dt>
              <dd>
                {t('period', {
                  begin: formatDateTime(a.beginDate, i18n.language, { utc: true }),
                  end: formatDateTime(a.endDate, i18n.language, { utc: true }),
                })}
              </dd>
              <dt>{t('columns.domain')}</dt>
              <dd>{a.domain}</dd>
              <dt>{t('columns.policy')}</dt>
              <dd>{policyTags(a.policyPublished)}</dd>
              <dt>{t('detail.alignment')}</dt>
              <dd>
                {t('detail.alignmentValue', {
                  adkim: a.policyPublished.adkim ?? 'r',
                  aspf: a.policyPublished.aspf ?? 'r',
                })}
              </dd>
              <dt>{t('columns.messages')}</dt>
              <dd>{formatCount(a.messagesCount, i18n.language)}</dd>
              {a.warnings && a.warnings.length > 0 && (
                <>
                  <dt>{t('detail.warnings')}</dt>
                  <dd>{a.warnings.join(' · ')}</dd>
                </>
              )}
            </Facts>
          )}
        </ListState>
      </LoadingPanel>
      <LoadingPanel isLoading={records.isLoading} title={t('records.title')}>
        <ListState
          isLoading={records.isLoading}
          error={records.error}
          hasData={!!records.data}
          isEmpty={(records.data?.data.length ?? 0) === 0}
          emptyText={t('records.empty')}
          onRetry={loadRecords}
        >
          <RecordsTable records={records.data?.data ?? []} />
          <Pager
            page={page}
            pageCount={pageCount}
            count={meta?.count ?? 0}
            onPage={setPage}
            label={t('records.paging')}
          />
        </ListState>
      </LoadingPanel>
    </>
  );
}
