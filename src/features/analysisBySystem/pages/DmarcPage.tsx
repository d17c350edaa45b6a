import { PageFrame } from '../../../app/layout/PageFrame';

export function DmarcPage() {
  return <PageFrame pageId="dmarc" empty="period" />;
}
