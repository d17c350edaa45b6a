import { PageFrame } from '../../../app/layout/PageFrame';
import { SubscriptionsSection } from '../../billing';

export function SubscriptionsPage() {
  return (
    <PageFrame pageId="subscriptions">
      <SubscriptionsSection />
    </PageFrame>
  );
}
