import { AnalysisPage } from '../AnalysisPage';
import { systemPages } from '../systems';

export function SmtpServersPage() {
  return <AnalysisPage config={systemPages.smtp} />;
}
