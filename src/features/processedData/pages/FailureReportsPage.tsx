import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../app/layout/PageFrame';
import { FailureReportsTable } from '../components/FailureReportsTable';
import { SimpleReportList } from '../components/SimpleReportList';
import { failureReportsResource } from '../reportsResources';
import { UploadReportsButton } from '../upload/UploadReportsButton';

/** Processed Data → Failure Reports (RFC 6591, RFC 9991). */
export function FailureReportsPage() {
  const { t } = useTranslation('processedData');
  return (
    <PageFrame pageId="failureReports" withFilter>
      <SimpleReportList
        resource={failureReportsResource}
        title={t('failure.title')}
        emptyText={t('failure.empty')}
        pagingLabel={t('failure.paging')}
        table={(rows) => <FailureReportsTable reports={rows} />}
        toolbar={(reload) => <UploadReportsButton onUploaded={reload} />}
      />
    </PageFrame>
  );
}
