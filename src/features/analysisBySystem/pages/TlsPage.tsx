import { AnalysisPage } from '../AnalysisPage';
import { systemPages } from '../systems';

export function TlsPage() {
  return <AnalysisPage config={systemPages.tls} />;
}
