import { PageFrame } from '../../../app/layout/PageFrame';
import { BillingSection } from '../../billing/components/BillingSection';

export function BillingPage() {
  return (
    <PageFrame pageId="billing">
      <BillingSection />
    </PageFrame>
  );
}
