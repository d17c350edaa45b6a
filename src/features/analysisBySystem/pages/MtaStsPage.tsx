import { PageFrame } from '../../../app/layout/PageFrame';

export function MtaStsPage() {
  return <PageFrame pageId="mtaSts" empty="period" />;
}
