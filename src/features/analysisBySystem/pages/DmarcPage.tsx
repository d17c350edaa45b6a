import { AnalysisPage } from '../AnalysisPage';
import { systemPages } from '../systems';

export function DmarcPage() {
  return <AnalysisPage config={systemPages.dmarc} />;
}
