import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { SimpleReportList } from '../components/SimpleReportList';
import { TlsReportsTable } from '../components/TlsReportsTable';
import { tlsReportsResource } from '../reportsResources';
import { UploadReportsButton } from '../upload/UploadReportsButton';

/** Processed Data → TLS Reports (RFC 8460). */
export function TlsReportsPage() {
  const { t } = useTranslation('processedData');
  return (
    <PageFrame pageId="tlsReports" withFilter>
      <SimpleReportList
        resource={tlsReportsResource}
        title={t('tls.title')}
        emptyText={t('tls.empty')}
        pagingLabel={t('tls.paging')}
        table={(rows) => <TlsReportsTable reports={rows} />}
        toolbar={(reload) => <UploadReportsButton onUploaded={reload} />}
      />
    </PageFrame>
  );
}
