import { PageFrame } from '../../../app/layout/PageFrame';

export function BillingPage() {
  return <PageFrame pageId="billing" empty="list" />;
}
