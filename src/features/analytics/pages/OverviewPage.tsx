import { PageFrame } from '../../../app/layout/PageFrame';

export function OverviewPage() {
  return <PageFrame pageId="dashboard" empty="period" withFilter />;
}
