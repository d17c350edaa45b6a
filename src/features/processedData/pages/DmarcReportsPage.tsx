import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../../app/layout/PageFrame';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { AggregateReportsTable } from '../components/AggregateReportsTable';
import { ListState } from '../../../components/ListState';
import { Pager } from '../../../components/Pager';
import { ReportDetail } from '../components/ReportDetail';
import { aggregateReportsResource } from '../reportsResources';
import { PrimaryButton } from '../../../components/Button';
import { SearchForm, Toolbar } from '../../../components/Toolbar';
import { UploadReportsButton } from '../upload/UploadReportsButton';
import { useReportList } from '../useReportList';

const reportParam = 'report';

/** Processed Data → DMARC Reports: the stored aggregate reports; ?report=<id> opens one (bookmarkable). */
export function DmarcReportsPage() {
  const { t } = useTranslation('processedData');
  const [params, setParams] = useSearchParams();
  const opened = Number(params.get(reportParam));
  const list = useReportList(aggregateReportsResource);
  const [draft, setDraft] = useState('');
  const { data, isLoading, error } = list.state;

  const open = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete(reportParam);
      else next.set(reportParam, String(id));
      return next;
    });
  const search = (event: FormEvent) => {
    event.preventDefault();
    list.setSearch(draft.trim());
  };

  if (Number.isSafeInteger(opened) && opened > 0)
    return (
      <PageFrame pageId="dmarcReports" withFilter>
        <ReportDetail id={opened} onBack={() => open(null)} />
      </PageFrame>
    );

  return (
    <PageFrame pageId="dmarcReports" withFilter>
      <Toolbar>
        <SearchForm role="search" aria-label={t('dmarc.searchTitle')} onSubmit={search}>
          <label>
            {t('dmarc.search')}
            <input type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
          </label>
          <PrimaryButton type="submit">{t('dmarc.searchSubmit')}</PrimaryButton>
        </SearchForm>
        <UploadReportsButton onUploaded={list.reload} />
      </Toolbar>
      <LoadingPanel isLoading={isLoading} title={t('dmarc.title')}>
        <ListState
          isLoading={isLoading}
          error={error}
          hasData={!!data}
          isEmpty={(data?.data.length ?? 0) === 0}
          emptyText={list.search ? t('dmarc.noMatch') : t('dmarc.empty')}
          onRetry={list.reload}
        >
          <AggregateReportsTable reports={data?.data ?? []} onOpen={open} />
          <Pager
            page={list.page}
            pageCount={list.pageCount}
            count={data?.meta.count ?? 0}
            onPage={list.setPage}
            label={t('dmarc.paging')}
          />
        </ListState>
      </LoadingPanel>
    </PageFrame>
  );
}
