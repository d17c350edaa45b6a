import { PageFrame } from '../../../app/layout/PageFrame';

export function DomainVerifyPage() {
  return <PageFrame pageId="domainVerify" empty="tool" />;
}
