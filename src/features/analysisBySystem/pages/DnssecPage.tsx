import { PageFrame } from '../../../app/layout/PageFrame';

export function DnssecPage() {
  return <PageFrame pageId="dnssec" empty="period" />;
}
