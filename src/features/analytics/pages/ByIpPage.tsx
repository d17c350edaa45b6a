import { PageFrame } from '../../../app/layout/PageFrame';

export function ByIpPage() {
  return <PageFrame pageId="byIp" empty="period" withFilter />;
}
