import { PageFrame } from '../../../app/layout/PageFrame';
import { BillingSection } from '../../billing';

export function BillingPage() {
  return (
    <PageFrame pageId="billing">
      <BillingSection />
    </PageFrame>
  );
}
