import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Notice } from '../../../app/layout/formControls';
import { Card, PublicLayout } from '../../../app/layout/PublicLayout';
import { loginPath } from '../../../app/router/routes';
import { Spinner } from '../../../components/Spinner';
import { verificationResource } from '../accountResources';
import { useResource } from '../useResourceForm';

/** /confirm-registration?token=...: the e-mailed link activates the account (single use). */
export function ConfirmRegistrationPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status, isLoading, dispatch } = useResource(verificationResource);

  useEffect(() => {
    if (token) dispatch(verificationResource.actions.request(token));
  }, [dispatch, token]);

  const failed = !token || status === 'failure';
  return (
    <PublicLayout title={t('verify.title')}>
      <Card>
        <h1>{t('verify.title')}</h1>
        {isLoading && <Spinner label={t('verify.checking')} />}
        {status === 'success' && <Notice role="status">{t('verify.success')}</Notice>}
        {failed && (
          <Notice role="alert" $tone="warning">
            {t('verify.failed')}
          </Notice>
        )}
        <p>
          <Link to={loginPath}>{t('links.login')}</Link>
        </p>
      </Card>
    </PublicLayout>
  );
}
