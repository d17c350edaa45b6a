import { PageFrame } from '../../../app/layout/PageFrame';

export function BySenderServicePage() {
  return <PageFrame pageId="bySenderService" empty="period" withFilter />;
}
