import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { LoadingButton } from '../../../components/LoadingButton';
import { selectCurrentUser } from '../../auth';
import { alertsEmailResource } from '../accountResources';
import { useCurrentUserReload } from '../useCurrentUserReload';
import { useResource } from '../../../app/resource/useResourceForm';
import { TextField } from '../../../components/TextField';

/** The address alerts go to; empty means the account e-mail. */
export function AlertsEmailForm() {
  const { t } = useTranslation('account');
  const user = useAppSelector(selectCurrentUser);
  const reload = useCurrentUserReload();
  const { isLoading, status, body, dispatch } = useResource(alertsEmailResource);
  const [email, setEmail] = useState(user?.alertsEmail ?? '');
  useEffect(() => {
    if (status === 'success') void reload();
  }, [status, reload]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(alertsEmailResource.actions.request(email.trim()));
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="alerts-title">
      <h3 id="alerts-title">{t('alerts.title')}</h3>
      <p>{t('alerts.intro')}</p>
      <TextField
        id="alerts-email"
        type="email"
        label={t('alerts.email')}
        value={email}
        onChange={setEmail}
        autoComplete="email"
        errors={body?.alerts_email}
      />
      <LoadingButton type="submit" isLoading={isLoading}>
        {t('alerts.save')}
      </LoadingButton>
    </form>
  );
}
