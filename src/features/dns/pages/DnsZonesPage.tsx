import { PageFrame } from '../../../app/layout/PageFrame';
import { DnsSection } from '../components/DnsSection';

export function DnsZonesPage() {
  return (
    <PageFrame pageId="dnsZones">
      <DnsSection />
    </PageFrame>
  );
}
