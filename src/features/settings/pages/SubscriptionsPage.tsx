import { PageFrame } from '../../../app/layout/PageFrame';
import { SubscriptionsSection } from '../../billing/components/SubscriptionsSection';

export function SubscriptionsPage() {
  return (
    <PageFrame pageId="subscriptions">
      <SubscriptionsSection />
    </PageFrame>
  );
}
