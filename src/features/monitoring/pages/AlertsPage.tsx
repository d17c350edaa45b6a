import { PageFrame } from '../../../app/layout/PageFrame';

export function AlertsPage() {
  return <PageFrame pageId="alerts" empty="list" />;
}
