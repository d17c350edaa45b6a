import { PageFrame } from '../../../app/layout/PageFrame';

export function ReportsPage() {
  return <PageFrame pageId="reports" empty="list" />;
}
