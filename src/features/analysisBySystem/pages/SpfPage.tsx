import { PageFrame } from '../../../app/layout/PageFrame';

export function SpfPage() {
  return <PageFrame pageId="spf" empty="period" />;
}
