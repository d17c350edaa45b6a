import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageFrame } from '../../../app/layout/PageFrame';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { Tabs } from '../../../components/Tabs';
import { filterQueryKeys, all, selectFilter, setDomain } from '../../filter';
import { ListState } from '../../../components/ListState';
import { CurrentDomainPanel } from '../domainInfo/CurrentDomainPanel';
import { DomainPicker } from '../domainInfo/DomainPicker';
import { domainOptionsResource } from '../domainInfo/domainInfoResources';
import { HistoryTable } from '../domainInfo/HistoryTable';
import { historyTypes } from '../domainInfo/types';
import { StateText } from '../../../components/Text';
import { Toolbar } from '../../../components/Toolbar';

const Section = styled.section`
  margin-top: 20px;
`;

/**
 * Processed Data → Domain Info: one domain of the filter's organization as it is now, and the history the
 * scheduled re-check recorded. The domain is the global filter's (?domain=), so the view can be shared.
 */
export function DomainInfoPage() {
  const { t } = useTranslation('domainInfo');
  const dispatch = useAppDispatch();
  const [, setParams] = useSearchParams();
  const filter = useAppSelector(selectFilter);
  const organization = filter.organization ?? undefined;
  const options = useAppSelector(domainOptionsResource.selectors.selectState);
  const loadOptions = useCallback(() => {
    dispatch(domainOptionsResource.actions.request(organization));
  }, [dispatch, organization]);
  useEffect(loadOptions, [loadOptions]);

  const list = options.data ?? [];
  const name = filter.domain !== all ? filter.domain : list[0]?.name;
  const shown = list.find((d) => d.name === name);
  const choose = (domain: string) => {
    dispatch(setDomain(domain));
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(filterQueryKeys.domain, domain);
      return next;
    });
  };

  return (
    <PageFrame pageId="domainInfo" withFilter>
      <Section aria-label={t('picker.title')}>
        <LoadingPanel isLoading={options.isLoading} title={t('picker.title')}>
          <ListState
            isLoading={options.isLoading}
            error={options.error}
            hasData={!!options.data}
            isEmpty={list.length === 0}
            emptyText={t('picker.empty')}
            onRetry={loadOptions}
          >
            <Toolbar>
              <DomainPicker options={list} value={shown?.name ?? ''} onChange={choose} />
            </Toolbar>
            {!shown && <StateText role="status">{t('picker.notFound', { domain: name })}</StateText>}
          </ListState>
        </LoadingPanel>
      </Section>
      {shown && (
        <>
          <Section aria-label={t('current.section')}>
            <CurrentDomainPanel name={shown.name} organization={organization} />
          </Section>
          <Section aria-labelledby="domain-info-history">
            <LoadingPanel
              isLoading={false}
              title={<span id="domain-info-history">{t('history.title')}</span>}
            >
              <Tabs
                tabs={historyTypes.map((type) => ({
                  id: type,
                  label: t(`history.types.${type}`),
                  content: <HistoryTable domainId={shown.id} type={type} />,
                }))}
              />
            </LoadingPanel>
          </Section>
        </>
      )}
    </PageFrame>
  );
}
