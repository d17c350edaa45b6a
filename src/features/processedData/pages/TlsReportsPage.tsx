import { PageFrame } from '../../../app/layout/PageFrame';

export function TlsReportsPage() {
  return <PageFrame pageId="tlsReports" empty="list" />;
}
