import { PageFrame } from '../../../app/layout/PageFrame';

export function DmarcReportsPage() {
  return <PageFrame pageId="dmarcReports" empty="list" />;
}
