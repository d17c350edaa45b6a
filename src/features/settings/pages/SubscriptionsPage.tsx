import { PageFrame } from '../../../app/layout/PageFrame';

export function SubscriptionsPage() {
  return <PageFrame pageId="subscriptions" empty="list" />;
}
