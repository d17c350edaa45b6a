import { PageFrame } from '../../../app/layout/PageFrame';

export function ByDomainPage() {
  return <PageFrame pageId="byDomain" empty="period" withFilter />;
}
