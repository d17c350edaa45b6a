import { PageFrame } from '../../../app/layout/PageFrame';

export function AuditingPage() {
  return <PageFrame pageId="auditing" empty="list" />;
}
