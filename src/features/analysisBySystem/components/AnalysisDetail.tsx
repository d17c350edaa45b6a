import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { PercentageBar } from '../../../components/PercentageBar';
import { Button } from '../../../components/Button';
import { ErrorText, StateText } from '../../../components/Text';
import { WarningList } from '../../verifyTools';
import { analysisDetailResource } from '../analysisResources';
import { formatDateTime } from '../../../i18n/format';
import type { AnalysisSystem } from '../types';
import { StatusBadge } from './StatusBadge';
import { SystemResult } from './SystemResult';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: center;
  margin-bottom: 12px;
`;

const Score = styled.div`
  min-width: 200px;
`;

const Section = styled.section`
  margin-top: 16px;

  h3 {
    margin: 0 0 4px;
    font-size: 1rem;
  }
`;

type Props = { system: AnalysisSystem; domainId: number; domain: string; organization?: number };

/** The full stored result of one domain for one system: facts, tables and every warning. */
export function AnalysisDetail({ system, domainId, domain, organization }: Props) {
  const { t, i18n } = useTranslation('analysis');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(analysisDetailResource.selectors.selectState);
  const load = useCallback(() => {
    dispatch(analysisDetailResource.actions.request({ system, domainId, organization }));
  }, [dispatch, system, domainId, organization]);
  useEffect(() => {
    load();
    return () => {
      dispatch(analysisDetailResource.actions.reset());
    };
  }, [load, dispatch]);

  const current = data && data.attributes.domainId === domainId && data.attributes.system === system;
  const a = current ? data.attributes : null;
  let body;
  if (error && !isLoading)
    body = (
      <ErrorText role="alert">
        <span>
          {error.status === 404 ? t('detail.notFound') : t('detail.error', { message: error.message })}
        </span>
        <Button type="button" onClick={load}>
          {t('detail.retry')}
        </Button>
      </ErrorText>
    );
  else if (!a) body = <StateText role="status">{t('detail.loading')}</StateText>;
  else
    body = (
      <>
        <Head>
          <StatusBadge status={a.status} />
          <span>{t('detail.checkedAt', { date: formatDateTime(a.checkedAt, i18n.language) })}</span>
          {a.score !== null && (
            <Score>
              <PercentageBar value={a.score} label={t('detail.scoreOf', { domain })} />
            </Score>
          )}
        </Head>
        {a.result === null || a.status === 'unchecked' ? (
          <p>{t('detail.unchecked')}</p>
        ) : (
          <SystemResult detail={a} />
        )}
        <Section aria-label={t('detail.warnings')}>
          <h3>{t('detail.warnings')}</h3>
          <WarningList warnings={a.warnings} />
        </Section>
      </>
    );

  return (
    <LoadingPanel isLoading={isLoading} title={t('detail.title', { domain })}>
      {body}
    </LoadingPanel>
  );
}
