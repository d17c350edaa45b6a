import { useTranslation } from 'react-i18next';
import { policyTags } from '../format';
import { formatCount, formatDateTime } from '../../../i18n/format';
import { RowLink, Table, TableWrap } from '../../../components/Table';
import type { AggregateReport } from '../types';

type Props = { reports: AggregateReport[]; onOpen: (id: number) => void };

export function AggregateReportsTable({ reports, onOpen }: Props) {
  const { t, i18n } = useTranslation('processedData');
  return (
    <TableWrap>
      <Table aria-label={t('dmarc.caption')}>
        <thead>
          <tr>
            <th scope="col">{t('columns.reporter')}</th>
            <th scope="col">{t('columns.period')}</th>
            <th scope="col">{t('columns.domain')}</th>
            <th scope="col">{t('columns.policy')}</th>
            <th scope="col" className="number">
              {t('columns.records')}
            </th>
            <th scope="col" className="number">
              {t('columns.messages')}
            </th>
          </tr>
        </thead>
        <tbody>
          {reports.map(({ id, attributes: a }) => (
            <tr key={id} data-report-id={id}>
              <td>
                <RowLink
                  type="button"
                  onClick={() => onOpen(id)}
                  aria-label={t('dmarc.open', { reporter: a.orgName, id: a.reportId })}
                >
                  {a.orgName || a.email || a.reportId}
                </RowLink>
              </td>
              <td className="period">
                {t('period', {
                  begin: formatDateTime(a.beginDate, i18n.language, { utc: true }),
                  end: formatDateTime(a.endDate, i18n.language, { utc: true }),
                })}
              </td>
              <td>{a.domain}</td>
              <td>{policyTags(a.policyPublished)}</td>
              <td className="number">{formatCount(a.recordsCount, i18n.language)}</td>
              <td className="number">{formatCount(a.messagesCount, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}
