import { AnalysisPage } from '../AnalysisPage';
import { systemPages } from '../systems';

export function SpfPage() {
  return <AnalysisPage config={systemPages.spf} />;
}
