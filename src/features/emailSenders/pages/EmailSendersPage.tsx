import { PageFrame } from '../../../app/layout/PageFrame';
import { EmailSendersSection } from '../components/EmailSendersSection';

/** Analytics → Email senders: the sender catalogue on a page of its own (attribution rules, networks). */
export function EmailSendersPage() {
  return (
    <PageFrame pageId="emailSenders">
      <EmailSendersSection />
    </PageFrame>
  );
}
