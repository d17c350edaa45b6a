import { PageFrame } from '../../../app/layout/PageFrame';

export function IpVerifyPage() {
  return <PageFrame pageId="ipVerify" empty="tool" />;
}
