import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Notice } from '../../../app/layout/formControls';
import { Card, PublicLayout } from '../../../app/layout/PublicLayout';
import { loginPath } from '../../../app/router/routes';
import { Spinner } from '../../../components/Spinner';

type Props = {
  /** i18n keys in the account namespace: `<texts>.title`, `.checking`, `.success`, `.failed`. */
  texts: 'verify' | 'confirmEmail';
  isLoading: boolean;
  succeeded: boolean;
  failed: boolean;
};

/** The public page an e-mailed single-use link opens: working, then success or failure, and the way to login. */
export function LinkOutcome({ texts, isLoading, succeeded, failed }: Props) {
  const { t } = useTranslation('account');
  return (
    <PublicLayout title={t(`${texts}.title`)}>
      <Card>
        <h1>{t(`${texts}.title`)}</h1>
        {isLoading && <Spinner label={t(`${texts}.checking`)} />}
        {succeeded && <Notice role="status">{t(`${texts}.success`)}</Notice>}
        {failed && (
          <Notice role="alert" $tone="warning">
            {t(`${texts}.failed`)}
          </Notice>
        )}
        <p>
          <Link to={loginPath}>{t('links.login')}</Link>
        </p>
      </Card>
    </PublicLayout>
  );
}
