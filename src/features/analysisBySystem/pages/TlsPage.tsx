import { PageFrame } from '../../../app/layout/PageFrame';

export function TlsPage() {
  return <PageFrame pageId="tls" empty="period" />;
}
