import { useTranslation } from 'react-i18next';
import { messagesResource } from '../analyticsResources';
import { analyticsLists } from '../analyticsApi';
import { asLabel } from '../format';
import { formatCount } from '../../../i18n/format';
import type { ListParams, MessageRow } from '../types';
import { useAnalyticsList } from '../useAnalyticsList';
import { ListPanel } from './ListPanel';
import type { Column } from './SortableTable';

/** Contract 2: the records of a drill-down grouped by source IP, header from, disposition and results. */
export function MessagesTable({ scope, name }: { scope: ListParams; name: string }) {
  const { t, i18n } = useTranslation('analytics');
  const list = useAnalyticsList(messagesResource, '-messages', scope);
  const n = (v: number) => formatCount(v, i18n.language);
  const hasGeo = (list.state.data?.data ?? []).some(
    (r) => r.attributes.country != null || r.attributes.asn != null,
  );
  const result = (v: string) => t(`results.${v}`, { defaultValue: v });
  const columns: Column<MessageRow>[] = [
    { field: 'source_ip', label: t('columns.sourceIp'), render: (r) => r.sourceIp },
    { field: null, label: t('columns.reverseDns'), render: (r) => r.reverseDns ?? t('unknown') },
    // Country and AS only when the server knows them (GeoIP databases configured).
    ...(hasGeo
      ? [
          { field: null, label: t('columns.country'), render: (r: MessageRow) => r.country ?? t('unknown') },
          { field: null, label: t('columns.asn'), render: (r: MessageRow) => asLabel(r) ?? t('unknown') },
        ]
      : []),
    { field: 'header_from', label: t('columns.headerFrom'), render: (r) => r.headerFrom },
    {
      field: 'envelope_from',
      label: t('columns.envelopeFrom'),
      render: (r) => r.envelopeFrom ?? t('unknown'),
    },
    { field: 'disposition', label: t('columns.disposition'), render: (r) => r.disposition },
    { field: 'dkim', label: t('columns.dkim'), render: (r) => result(r.dkim) },
    { field: 'spf', label: t('columns.spf'), render: (r) => result(r.spf) },
    { field: null, label: t('columns.dmarc'), render: (r) => result(r.dmarcPass ? 'pass' : 'fail') },
    { field: 'messages', label: t('columns.messages'), numeric: true, render: (r) => n(r.messages) },
    { field: 'records', label: t('columns.records'), numeric: true, render: (r) => n(r.records) },
    { field: 'reports', label: t('columns.reports'), numeric: true, render: (r) => n(r.reports) },
  ];
  return (
    <ListPanel
      id="drill-messages"
      title={t('drill.messages', { name })}
      list={list}
      columns={columns}
      rowKey={(r) => `${r.sourceIp}|${r.headerFrom}|${r.disposition}|${r.dkim}|${r.spf}`}
      csvUrl={analyticsLists.messages}
      csvName="messages.csv"
      emptyText={t('drill.noMessages')}
    />
  );
}
