import { PageFrame } from '../../../app/layout/PageFrame';

export function DomainInfoPage() {
  return <PageFrame pageId="domainInfo" empty="list" />;
}
