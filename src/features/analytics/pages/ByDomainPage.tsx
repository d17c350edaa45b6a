import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { RowLink } from '../../../components/Table';
import { analyticsLists } from '../analyticsApi';
import { byDomainResource } from '../analyticsResources';
import { DrillDown } from '../components/DrillDown';
import { ListPanel } from '../components/ListPanel';
import { rateColumns } from '../components/rateColumns';
import type { Column } from '../components/SortableTable';
import { formatCount } from '../../../i18n/format';
import type { DomainRow } from '../types';
import { useAnalyticsList } from '../useAnalyticsList';
import { useDrillParam } from '../useDrillParam';

/** Analytics → Aggregated by domain; ?row=<domain> opens its messages. */
export function ByDomainPage() {
  const { t, i18n } = useTranslation('analytics');
  const { opened, open } = useDrillParam();
  const list = useAnalyticsList(byDomainResource, '-messages');
  const n = (v: number) => formatCount(v, i18n.language);
  const columns: Column<DomainRow>[] = [
    {
      field: 'domain',
      label: t('columns.domain'),
      render: (r) => (
        <RowLink
          type="button"
          onClick={() => open(r.domain)}
          aria-label={t('drill.open', { name: r.domain })}
        >
          {r.domain}
        </RowLink>
      ),
    },
    ...rateColumns<DomainRow>(t, i18n.language),
    {
      field: 'dmarc_failed',
      label: t('columns.dmarcFailed'),
      numeric: true,
      render: (r) => n(r.dmarcFailed),
    },
    { field: 'sources', label: t('columns.sources'), numeric: true, render: (r) => n(r.sources) },
    { field: 'records', label: t('columns.records'), numeric: true, render: (r) => n(r.records) },
  ];
  return (
    <PageFrame pageId="byDomain" withFilter>
      {opened ? (
        <DrillDown name={opened} scope={{ domain: opened }} withDetails={false} onBack={() => open(null)} />
      ) : (
        <ListPanel
          id="by-domain"
          title={t('byDomain.title')}
          list={list}
          columns={columns}
          rowKey={(r) => r.domain}
          csvUrl={analyticsLists.byDomain}
          csvName="aggregated-by-domain.csv"
          emptyText={t('byDomain.empty')}
          searchLabel={t('byDomain.search')}
        />
      )}
    </PageFrame>
  );
}
