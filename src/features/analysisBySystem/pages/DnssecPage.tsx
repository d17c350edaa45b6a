import { AnalysisPage } from '../AnalysisPage';
import { systemPages } from '../systems';

export function DnssecPage() {
  return <AnalysisPage config={systemPages.dnssec} />;
}
