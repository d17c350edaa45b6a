import { PageFrame } from '../../../app/layout/PageFrame';
import { DigestsSection } from '../../digests';

export function ReportsPage() {
  return (
    <PageFrame pageId="reports">
      <DigestsSection />
    </PageFrame>
  );
}
