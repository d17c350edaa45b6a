import { PageFrame } from '../../../app/layout/PageFrame';
import { DigestsSection } from '../../digests/components/DigestsSection';

export function ReportsPage() {
  return (
    <PageFrame pageId="reports">
      <DigestsSection />
    </PageFrame>
  );
}
