import { useTranslation } from 'react-i18next';
import { analyticsLists } from '../analyticsApi';
import { senderAssociationsResource } from '../analyticsResources';
import { formatCount } from '../../../i18n/format';
import type { SenderAssociation } from '../types';
import { useAnalyticsList } from '../useAnalyticsList';
import { ListPanel } from './ListPanel';
import type { Column } from './SortableTable';

/** Contract 4: the source IPs attributed to one email sender under the filter. */
export function SenderAssociationsTable({ senderId, name }: { senderId: number; name: string }) {
  const { t, i18n } = useTranslation('analytics');
  const list = useAnalyticsList(senderAssociationsResource, '-messages', { email_sender: String(senderId) });
  const columns: Column<SenderAssociation>[] = [
    { field: 'ip', label: t('columns.sourceIp'), render: (r) => r.ip },
    { field: null, label: t('columns.reverseDns'), render: (r) => r.reverseDns ?? t('unknown') },
    {
      field: 'messages',
      label: t('columns.messages'),
      numeric: true,
      render: (r) => formatCount(r.messages, i18n.language),
    },
  ];
  return (
    <ListPanel
      id="drill-associations"
      title={t('drill.associations', { name })}
      list={list}
      columns={columns}
      rowKey={(r) => String(r.id)}
      csvUrl={analyticsLists.senderAssociations}
      csvName="sender-associations.csv"
      emptyText={t('drill.noAssociations')}
    />
  );
}
