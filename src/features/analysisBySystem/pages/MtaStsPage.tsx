import { AnalysisPage } from '../AnalysisPage';
import { systemPages } from '../systems';

export function MtaStsPage() {
  return <AnalysisPage config={systemPages.mtaSts} />;
}
