import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { useTheme } from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageFrame } from '../../../app/layout/PageFrame';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { selectFilter } from '../../filter';
import { DemoOffer } from '../../demo';
import { ListState } from '../../../components/ListState';
import { overviewResource } from '../analyticsResources';
import { MetricCards } from '../components/MetricCards';
import { PassFailChart } from '../components/PassFailChart';
import { ShareChart } from '../components/ShareChart';
import { TimeSeriesChart } from '../components/TimeSeriesChart';
import { EmptyPeriod } from '../components/EmptyPeriod';
import { GetStarted } from '../../gettingStarted';
import { selectTokenData } from '../../auth';

const Body = styled.div`
  margin-top: 20px;
`;

const Grid = styled.div`
  display: grid;
  gap: 20px;
`;

const Charts = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
  gap: 20px;
`;

/** Analytics → Overview: the domain metrics and time series of the current filter (spec section 3). */
export function OverviewPage() {
  const { t } = useTranslation('analytics');
  const { colors } = useTheme();
  const dispatch = useAppDispatch();
  const filter = useAppSelector(selectFilter);
  const { data, isLoading, error } = useAppSelector(overviewResource.selectors.selectState);
  const load = useCallback(() => {
    dispatch(overviewResource.actions.request(filter));
  }, [dispatch, filter]);
  useEffect(load, [load]);

  const inOrganization = (useAppSelector(selectTokenData)?.organizationId ?? null) !== null;
  const m = data?.metrics;
  const v = m?.verification;
  const split = m?.dmarc.passedSplit;
  return (
    <PageFrame pageId="dashboard" withFilter>
      <Body>
        <LoadingPanel isLoading={isLoading} title={t('overview.title')}>
          <ListState
            isLoading={isLoading}
            error={error}
            hasData={!!data}
            isEmpty={m?.nrMessages === 0 && m.nrReports === 0}
            emptyText={t('overview.empty')}
            empty={
              <EmptyPeriod
                emptyText={t('overview.empty')}
                noReports={inOrganization ? <GetStarted onReports={load} /> : undefined}
              />
            }
            onRetry={load}
          >
            {m && v && split && (
              <Grid>
                <MetricCards metrics={m} />
                <Charts>
                  <PassFailChart metrics={m} />
                  <ShareChart
                    id="verification"
                    title={t('overview.verification')}
                    slices={[
                      {
                        key: 'aligned',
                        label: t('overview.aligned'),
                        value: v.aligned,
                        percent: v.alignedPercentage,
                        color: colors.success,
                      },
                      {
                        key: 'passed',
                        label: t('overview.passedUnaligned'),
                        value: v.passed,
                        percent: v.passedPercentage,
                        color: colors.warning,
                      },
                      {
                        key: 'failed',
                        label: t('overview.failed'),
                        value: v.failed,
                        percent: v.failedPercentage,
                        color: colors.error,
                      },
                    ]}
                  />
                  <ShareChart
                    id="dmarc-split"
                    title={t('overview.dmarcSplit')}
                    slices={[
                      {
                        key: 'both',
                        label: t('overview.dkimAndSpf'),
                        value: split.dkimAndSpf,
                        color: colors.success,
                      },
                      {
                        key: 'dkim',
                        label: t('overview.dkimOnly'),
                        value: split.dkimOnly,
                        color: colors.primary,
                      },
                      {
                        key: 'spf',
                        label: t('overview.spfOnly'),
                        value: split.spfOnly,
                        color: colors.yellow,
                      },
                    ]}
                  />
                </Charts>
                <TimeSeriesChart series={data.series} />
              </Grid>
            )}
          </ListState>
        </LoadingPanel>
        {m?.nrMessages === 0 && m.nrReports === 0 && <DemoOffer onLoaded={load} />}
      </Body>
    </PageFrame>
  );
}
