import { PageFrame } from '../../../app/layout/PageFrame';

export function SmtpServersPage() {
  return <PageFrame pageId="smtpServers" empty="period" />;
}
