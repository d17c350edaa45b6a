import { useTranslation } from 'react-i18next';
import { formatCount, formatDateTime } from '../../../i18n/format';
import { List } from '../../../components/Facts';
import { Muted } from '../../../components/Text';
import { Table, TableWrap } from '../../../components/Table';
import type { TlsPolicy, TlsReport } from '../types';
import { DownloadButton } from './DownloadButton';

function FailureDetails({ policies }: { policies: TlsPolicy[] }) {
  const { t, i18n } = useTranslation('processedData');
  const details = policies.flatMap((p) => p.failureDetails ?? []);
  if (details.length === 0) return <Muted>{t('tls.noFailures')}</Muted>;
  return (
    <List>
      {details.map((d, i) => (
        <li key={i}>
          {t('tls.failureItem', {
            type: d.resultType,
            count: formatCount(d.failedSessionCount, i18n.language),
            mx: d.receivingMxHostname ?? d.receivingIp ?? '-',
            ip: d.sendingMtaIp ?? '-',
          })}
          {d.failureReasonCode && <Muted>{` (${d.failureReasonCode})`}</Muted>}
        </li>
      ))}
    </List>
  );
}

/** SMTP TLS reports (RFC 8460 section 4): per report the policies and their session counts. */
export function TlsReportsTable({ reports }: { reports: TlsReport[] }) {
  const { t, i18n } = useTranslation('processedData');
  return (
    <TableWrap>
      <Table aria-label={t('tls.caption')}>
        <thead>
          <tr>
            <th scope="col">{t('columns.organization')}</th>
            <th scope="col">{t('columns.period')}</th>
            <th scope="col">{t('tls.policyDomain')}</th>
            <th scope="col">{t('tls.policyType')}</th>
            <th scope="col" className="number">
              {t('tls.successful')}
            </th>
            <th scope="col" className="number">
              {t('tls.failed')}
            </th>
            <th scope="col">{t('tls.failureDetails')}</th>
            <th scope="col">{t('columns.file')}</th>
          </tr>
        </thead>
        <tbody>
          {reports.map(({ id, attributes: a }) => (
            <tr key={id} data-report-id={id}>
              <td>{a.orgName}</td>
              <td className="period">
                {t('period', {
                  begin: formatDateTime(a.beginDate, i18n.language, { utc: true }),
                  end: formatDateTime(a.endDate, i18n.language, { utc: true }),
                })}
              </td>
              <td>{a.domain}</td>
              <td>{(a.policyTypes ?? []).join(', ')}</td>
              <td className="number">{formatCount(a.successfulSessions ?? 0, i18n.language)}</td>
              <td className="number">{formatCount(a.failedSessions ?? 0, i18n.language)}</td>
              <td>
                <FailureDetails policies={a.details?.policies ?? []} />
              </td>
              <td>
                {a.hasFile && (
                  <DownloadButton kind="tls" id={id} label={t('download.originalOf', { name: a.reportId })} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}
