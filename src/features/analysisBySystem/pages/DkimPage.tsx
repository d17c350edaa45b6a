import { PageFrame } from '../../../app/layout/PageFrame';

export function DkimPage() {
  return <PageFrame pageId="dkim" empty="period" />;
}
