import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Notice } from '../../../app/layout/formControls';
import { Card, PublicLayout } from '../../../app/layout/PublicLayout';
import { loginPath } from '../../../app/router/routes';
import { LoadingButton } from '../../../components/LoadingButton';
import { PasswordInput } from '../../../components/PasswordInput';
import { invitationResource } from '../accountResources';
import { fieldMessages, TextField } from '../../../components/TextField';
import { useResource } from '../../../app/resource/useResourceForm';

/** /member-registrations/confirm?token=...: the invitee picks a username and password and joins. */
export function InvitationPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { isLoading, status, body, dispatch } = useResource(invitationResource);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(invitationResource.actions.request({ token, username, password }));
  };
  const tokenError = fieldMessages(body?.token);
  return (
    <PublicLayout title={t('invitation.title')}>
      <Card>
        <h1>{t('invitation.title')}</h1>
        {!token && <Notice $tone="warning">{t('invitation.missing')}</Notice>}
        {status === 'success' ? (
          <Notice role="status">{t('invitation.accepted')}</Notice>
        ) : (
          token && (
            <form onSubmit={submit} noValidate>
              {tokenError && (
                <Notice role="alert" $tone="warning">
                  {tokenError}
                </Notice>
              )}
              <TextField
                id="invitation-username"
                label={t('signup.username')}
                value={username}
                onChange={setUsername}
                autoComplete="username"
                errors={body?.username}
                required
              />
              <PasswordInput
                id="invitation-password"
                name="password"
                label={t('signup.password')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="new-password"
                error={fieldMessages(body?.password)}
              />
              <p>{t('password.policy')}</p>
              <LoadingButton type="submit" isLoading={isLoading}>
                {t('invitation.submit')}
              </LoadingButton>
            </form>
          )
        )}
        <p>
          <Link to={loginPath}>{t('links.login')}</Link>
        </p>
      </Card>
    </PublicLayout>
  );
}
