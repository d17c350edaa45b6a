import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { RowLink } from '../../../components/Table';
import { analyticsLists } from '../analyticsApi';
import { byIpResource } from '../analyticsResources';
import { DrillDown } from '../components/DrillDown';
import { IpInfoSection } from '../components/IpInfoSection';
import { ListPanel } from '../components/ListPanel';
import { rateColumns } from '../components/rateColumns';
import type { Column } from '../components/SortableTable';
import { asLabel } from '../format';
import { formatCount } from '../../../i18n/format';
import type { IpRow } from '../types';
import { useAnalyticsList } from '../useAnalyticsList';
import { useDrillParam } from '../useDrillParam';

/** Analytics → Aggregated by IP; ?row=<ip> opens its messages, reporters and IP info. */
export function ByIpPage() {
  const { t, i18n } = useTranslation('analytics');
  const { opened, open } = useDrillParam();
  const list = useAnalyticsList(byIpResource, '-messages');
  const n = (v: number) => formatCount(v, i18n.language);
  const unknown = t('unknown');
  const hasGeo = (list.state.data?.data ?? []).some(
    (r) => r.attributes.country != null || r.attributes.asn != null,
  );
  const columns: Column<IpRow>[] = [
    {
      field: 'source_ip',
      label: t('columns.sourceIp'),
      render: (r) => (
        <RowLink
          type="button"
          onClick={() => open(r.sourceIp)}
          aria-label={t('drill.open', { name: r.sourceIp })}
        >
          {r.sourceIp}
        </RowLink>
      ),
    },
    { field: 'reverse_dns', label: t('columns.reverseDns'), render: (r) => r.reverseDns ?? unknown },
    // Country and AS only when the server knows them (GeoIP databases configured).
    ...(hasGeo
      ? [
          { field: null, label: t('columns.country'), render: (r: IpRow) => r.country ?? unknown },
          { field: null, label: t('columns.asn'), render: (r: IpRow) => asLabel(r) ?? unknown },
        ]
      : []),
    { field: 'sender_service', label: t('columns.senderService'), render: (r) => r.senderService ?? unknown },
    ...rateColumns<IpRow>(t, i18n.language),
    {
      field: 'dmarc_failed',
      label: t('columns.dmarcFailed'),
      numeric: true,
      render: (r) => n(r.dmarcFailed),
    },
    { field: 'domains', label: t('columns.domains'), numeric: true, render: (r) => n(r.domains) },
  ];
  return (
    <PageFrame pageId="byIp" withFilter>
      {opened ? (
        <DrillDown name={opened} scope={{ source_ip: opened }} withDetails onBack={() => open(null)}>
          <IpInfoSection ip={opened} />
        </DrillDown>
      ) : (
        <ListPanel
          id="by-ip"
          title={t('byIp.title')}
          list={list}
          columns={columns}
          rowKey={(r) => r.sourceIp}
          csvUrl={analyticsLists.byIp}
          csvName="aggregated-by-ip.csv"
          emptyText={t('byIp.empty')}
          searchLabel={t('byIp.search')}
        />
      )}
    </PageFrame>
  );
}
