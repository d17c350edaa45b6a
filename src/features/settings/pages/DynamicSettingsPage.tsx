import { PageFrame } from '../../../app/layout/PageFrame';

export function DynamicSettingsPage() {
  return <PageFrame pageId="dynamicSettings" empty="list" />;
}
