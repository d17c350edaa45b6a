import { PageFrame } from '../../../app/layout/PageFrame';
import { AlertsSection } from '../../alerts';

export function AlertsPage() {
  return (
    <PageFrame pageId="alerts">
      <AlertsSection />
    </PageFrame>
  );
}
