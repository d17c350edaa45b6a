import { AnalysisPage } from '../AnalysisPage';
import { systemPages } from '../systems';

export function DkimPage() {
  return <AnalysisPage config={systemPages.dkim} />;
}
