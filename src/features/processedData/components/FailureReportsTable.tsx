import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/format';
import { List } from '../../../components/Facts';
import { Muted } from '../../../components/Text';
import { Table, TableWrap } from '../../../components/Table';
import type { FailureReport } from '../types';
import { DownloadButton } from './DownloadButton';

/** Failure reports (RFC 6591 / RFC 9991): one failed message each. */
export function FailureReportsTable({ reports }: { reports: FailureReport[] }) {
  const { t, i18n } = useTranslation('processedData');
  return (
    <TableWrap>
      <Table aria-label={t('failure.caption')}>
        <thead>
          <tr>
            <th scope="col">{t('columns.reporter')}</th>
            <th scope="col">{t('failure.arrival')}</th>
            <th scope="col">{t('columns.domain')}</th>
            <th scope="col">{t('failure.sourceIp')}</th>
            <th scope="col">{t('failure.authFailure')}</th>
            <th scope="col">{t('failure.details')}</th>
            <th scope="col">{t('columns.file')}</th>
          </tr>
        </thead>
        <tbody>
          {reports.map(({ id, attributes: a }) => (
            <tr key={id} data-report-id={id}>
              <td>{a.orgName}</td>
              <td>{formatDateTime(a.arrivalDate ?? a.beginDate, i18n.language, { utc: true })}</td>
              <td>{a.domain}</td>
              <td>{a.sourceIp ?? <Muted>{t('records.none')}</Muted>}</td>
              <td>{(a.authFailure ?? []).join(', ')}</td>
              <td>
                <List>
                  {a.originalMailFrom && <li>{t('failure.mailFrom', { value: a.originalMailFrom })}</li>}
                  {a.deliveryResult && <li>{t('failure.delivery', { value: a.deliveryResult })}</li>}
                  {a.dkimDomain && (
                    <li>{t('failure.dkim', { domain: a.dkimDomain, selector: a.dkimSelector ?? '-' })}</li>
                  )}
                </List>
              </td>
              <td>
                {a.hasFile && (
                  <DownloadButton
                    kind="failure"
                    id={id}
                    label={t('download.originalOf', { name: a.reportId })}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}
