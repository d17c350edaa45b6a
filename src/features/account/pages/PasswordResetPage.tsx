import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Notice } from '../../../app/layout/formControls';
import { Card, PublicLayout } from '../../../app/layout/PublicLayout';
import { loginPath } from '../../../app/router/routes';
import { LoadingButton } from '../../../components/LoadingButton';
import { PasswordInput } from '../../../components/PasswordInput';
import { passwordResetResource, recoveryEmailResource } from '../accountResources';
import { fieldMessages, TextField } from '../../../components/TextField';
import { useResource } from '../../../app/resource/useResourceForm';

function RequestForm() {
  const { t } = useTranslation('account');
  const { isLoading, status, body, dispatch } = useResource(recoveryEmailResource);
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(recoveryEmailResource.actions.request(email));
  };
  // The same answer whether or not the address is known (no user enumeration).
  if (status === 'success') return <Notice role="status">{t('reset.sent')}</Notice>;
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('reset.intro')}</p>
      <TextField
        id="reset-email"
        type="email"
        label={t('reset.email')}
        value={email}
        onChange={setEmail}
        autoComplete="email"
        errors={body?.email}
        required
      />
      <LoadingButton type="submit" isLoading={isLoading}>
        {t('reset.send')}
      </LoadingButton>
    </form>
  );
}

function ConfirmForm({ token, username }: { token: string; username: string }) {
  const { t } = useTranslation('account');
  const { isLoading, status, body, dispatch } = useResource(passwordResetResource);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(passwordResetResource.actions.request({ token, password, ...(username ? { username } : {}) }));
  };
  if (status === 'success') return <Notice role="status">{t('reset.done')}</Notice>;
  return (
    <form onSubmit={submit} noValidate>
      <PasswordInput
        id="reset-password"
        name="password"
        label={t('reset.newPassword')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="new-password"
        error={fieldMessages(body?.password) ?? fieldMessages(body?.token)}
      />
      <p>{t('password.policy')}</p>
      <LoadingButton type="submit" isLoading={isLoading}>
        {t('reset.save')}
      </LoadingButton>
    </form>
  );
}

/** /password-reset (ask for a link) and /password-reset?token=&username= or /password-reset/confirm (set it). */
export function PasswordResetPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <PublicLayout title={t('reset.title')}>
      <Card>
        <h1>{t('reset.title')}</h1>
        {token ? <ConfirmForm token={token} username={params.get('username') ?? ''} /> : <RequestForm />}
        <p>
          <Link to={loginPath}>{t('links.login')}</Link>
        </p>
      </Card>
    </PublicLayout>
  );
}
