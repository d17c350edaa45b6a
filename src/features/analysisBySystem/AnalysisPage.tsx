import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageFrame } from '../../app/layout/PageFrame';
import { LoadingPanel } from '../../components/LoadingPanel';
import { filterQueryKeys, all, selectFilter, setDomain } from '../filter';
import { ListState } from '../../components/ListState';
import { Pager } from '../../components/Pager';
import { Button, PrimaryButton } from '../../components/Button';
import { SearchForm, Toolbar } from '../../components/Toolbar';
import { recheckResource } from './analysisResources';
import { AnalysisDetail } from './components/AnalysisDetail';
import { AnalysisTable } from './components/AnalysisTable';
import { summaryColumns, type SystemPage } from './systems';
import type { DomainAnalysis } from './types';
import { useAnalysisList } from './useAnalysisList';

const DetailArea = styled.div`
  margin-top: 20px;
`;

/**
 * One Analysis by system page. The drill-down is the global filter's domain: ?domain=example.com (a row's
 * link sets it) narrows the list to that domain and shows its full result below, so the URL can be shared.
 */
export function AnalysisPage({ config }: { config: SystemPage }) {
  const { pageId, system } = config;
  const { t } = useTranslation('analysis');
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const filter = useAppSelector(selectFilter);
  const list = useAnalysisList(system);
  const recheck = useAppSelector(recheckResource.selectors.selectState);
  const [draft, setDraft] = useState('');
  const [rechecking, setRechecking] = useState<number | null>(null);
  const { data, isLoading, error } = list.state;
  const rows = data?.data ?? [];
  const chosen = filter.domain === all ? null : filter.domain;
  const opened = chosen ? rows.find((r) => r.attributes.domain === chosen) : undefined;

  const showDomain = (domain: string | null) => {
    dispatch(setDomain(domain ?? all));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (domain) next.set(filterQueryKeys.domain, domain);
        else next.delete(filterQueryKeys.domain);
        return next;
      },
      { replace: false },
    );
  };

  // Back and forward move through drill-downs: the URL's domain leads the filter once the page is open.
  const urlDomain = params.get(filterQueryKeys.domain);
  const lastUrlDomain = useRef(urlDomain);
  useEffect(() => {
    if (lastUrlDomain.current === urlDomain) return;
    lastUrlDomain.current = urlDomain;
    dispatch(setDomain(urlDomain ?? all));
  }, [urlDomain, dispatch]);

  // "Check now" ends (either way): the list shows the new results, the toast told the outcome.
  const wasLoading = useRef(false);
  const { reload } = list;
  useEffect(() => {
    if (wasLoading.current && !recheck.isLoading) {
      setRechecking(null);
      if (recheck.status === 'success') reload();
    }
    wasLoading.current = recheck.isLoading;
  }, [recheck.isLoading, recheck.status, reload]);

  const startRecheck = (row: DomainAnalysis) => {
    setRechecking(row.attributes.domainId);
    dispatch(
      recheckResource.actions.request({ domainId: row.attributes.domainId, domain: row.attributes.domain }),
    );
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    list.setSearch(draft.trim());
  };

  const title = t(`systems.${pageId}`);
  return (
    <PageFrame pageId={pageId} withFilter>
      <Toolbar>
        <SearchForm role="search" aria-label={t('search.title', { system: title })} onSubmit={search}>
          <label>
            {t('search.label')}
            <input type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
          </label>
          <PrimaryButton type="submit">{t('search.submit')}</PrimaryButton>
        </SearchForm>
        {chosen && (
          <Button type="button" onClick={() => showDomain(null)}>
            {t('detail.showAll')}
          </Button>
        )}
      </Toolbar>
      <LoadingPanel isLoading={isLoading}>
        <ListState
          isLoading={isLoading}
          error={error}
          hasData={!!data}
          isEmpty={rows.length === 0}
          emptyText={list.search || chosen ? t('table.noMatch') : t('table.empty')}
          onRetry={list.reload}
        >
          <AnalysisTable
            rows={rows}
            summary={summaryColumns(
              config.summary,
              rows.map((r) => r.attributes),
            )}
            ordering={list.ordering}
            onOrder={list.setOrdering}
            onOpen={(row) => showDomain(row.attributes.domain)}
            onRecheck={startRecheck}
            recheckingId={rechecking}
            caption={t('table.caption', { system: title })}
          />
          <Pager
            page={list.page}
            pageCount={list.pageCount}
            count={data?.meta.count ?? 0}
            onPage={list.setPage}
            label={t('table.paging')}
          />
        </ListState>
      </LoadingPanel>
      {opened && (
        <DetailArea>
          <AnalysisDetail
            key={`${system}-${opened.attributes.domainId}-${recheck.data?.checkedAt ?? ''}`}
            system={system}
            domainId={opened.attributes.domainId}
            domain={opened.attributes.domain}
            organization={filter.organization ?? undefined}
          />
        </DetailArea>
      )}
    </PageFrame>
  );
}
