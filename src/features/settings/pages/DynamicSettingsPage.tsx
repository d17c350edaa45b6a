import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageFrame } from '../../../app/layout/PageFrame';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { DynamicSettingsForm } from '../components/DynamicSettingsForm';
import { organizationSettingsResource } from '../settingsResources';

/** Dynamic Settings (no fixed link): owners and admins change the organization's settings at run time. */
export function DynamicSettingsPage() {
  const { t } = useTranslation('settings');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(organizationSettingsResource.selectors.selectState);
  useEffect(() => {
    dispatch(organizationSettingsResource.actions.request());
  }, [dispatch]);
  return (
    <PageFrame pageId="dynamicSettings">
      <LoadingPanel isLoading={isLoading} title={t('dynamic.title')}>
        {error && !data && <p role="alert">{error.message}</p>}
        {!data && !error && !isLoading && <p>{t('dynamic.empty')}</p>}
        {data && <DynamicSettingsForm key={JSON.stringify(data)} settings={data} />}
      </LoadingPanel>
    </PageFrame>
  );
}
