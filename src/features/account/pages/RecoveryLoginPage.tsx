import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Card, PublicLayout } from '../../../app/layout/PublicLayout';
import { homePath, loginPath } from '../../../app/router/routes';
import { LoadingButton } from '../../../components/LoadingButton';
import { PasswordInput } from '../../../components/PasswordInput';
import { recoveryLoginResource, type RecoveryCredentials } from '../recoveryLogin';
import { TextField } from '../../../components/TextField';
import { useResource } from '../../../app/resource/useResourceForm';

/** /login/recovery: log in with a recovery code when the authenticator is not at hand. */
export function RecoveryLoginPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { isLoading, status, body, dispatch } = useResource(recoveryLoginResource);
  const [form, setForm] = useState<RecoveryCredentials>({ username: '', password: '', recoveryCode: '' });
  const set = (field: keyof RecoveryCredentials) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }));
  useEffect(() => {
    if (status === 'success') void navigate(homePath, { replace: true });
  }, [status, navigate]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(recoveryLoginResource.actions.request(form));
  };
  return (
    <PublicLayout title={t('recovery.title')}>
      <Card>
        <h1>{t('recovery.title')}</h1>
        <p>{t('recovery.intro')}</p>
        <form onSubmit={submit} noValidate>
          <TextField
            id="recovery-username"
            label={t('recovery.username')}
            value={form.username}
            onChange={set('username')}
            autoComplete="username"
            errors={body?.username}
            required
          />
          <PasswordInput
            id="recovery-password"
            name="password"
            label={t('recovery.password')}
            value={form.password}
            onChange={(e) => set('password')(e.target.value)}
            autoComplete="current-password"
          />
          <TextField
            id="recovery-code"
            label={t('recovery.code')}
            value={form.recoveryCode}
            onChange={set('recoveryCode')}
            autoComplete="off"
            errors={body?.recovery_code}
            required
          />
          <LoadingButton type="submit" isLoading={isLoading}>
            {t('recovery.submit')}
          </LoadingButton>
        </form>
        <p>
          <Link to={loginPath}>{t('links.login')}</Link>
        </p>
      </Card>
    </PublicLayout>
  );
}
