import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { routePath } from '../../../app/router/routes';
import { analyticsLists } from '../analyticsApi';
import { senderDetailsResource } from '../analyticsResources';
import { formatCount } from '../../../i18n/format';
import type { MergedDetail } from '../senderDetails';
import type { ListParams } from '../types';
import { useAnalyticsList } from '../useAnalyticsList';
import { ListPanel } from './ListPanel';
import type { Column } from './SortableTable';

export const dmarcReportsPath = routePath('dmarcReports');

/** Contract 3: per reporter and day, each row linked to its report in Processed Data (spec section 4). */
export function SenderDetailsTable({ scope, name }: { scope: ListParams; name: string }) {
  const { t, i18n } = useTranslation('analytics');
  const list = useAnalyticsList(senderDetailsResource, '-date', scope);
  const n = (v: number) => formatCount(v, i18n.language);
  const columns: Column<MergedDetail>[] = [
    {
      field: 'org_name',
      label: t('columns.reporter'),
      render: (r) =>
        r.reportId === null ? (
          r.orgName
        ) : (
          <Link
            to={`${dmarcReportsPath}?report=${r.reportId}`}
            aria-label={t('drill.openReport', { reporter: r.orgName, date: r.date })}
          >
            {r.orgName}
          </Link>
        ),
    },
    { field: 'date', label: t('columns.date'), render: (r) => r.date },
    { field: 'messages', label: t('columns.messages'), numeric: true, render: (r) => n(r.messages) },
    {
      field: 'dmarc_passed',
      label: t('columns.dmarcPassed'),
      numeric: true,
      render: (r) => n(r.dmarcPassed),
    },
    { field: 'dkim_passed', label: t('columns.dkimPassed'), numeric: true, render: (r) => n(r.dkimPassed) },
    { field: 'spf_passed', label: t('columns.spfPassed'), numeric: true, render: (r) => n(r.spfPassed) },
  ];
  return (
    <ListPanel
      id="drill-details"
      title={t('drill.details', { name })}
      list={list}
      columns={columns}
      rowKey={(r) => `${r.orgName}|${r.date}`}
      csvUrl={analyticsLists.senderDetails}
      csvName="sender-details.csv"
      emptyText={t('drill.noDetails')}
    />
  );
}
