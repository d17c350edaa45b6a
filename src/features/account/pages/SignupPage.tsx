import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Notice } from '../../../app/layout/formControls';
import { Card, PublicLayout } from '../../../app/layout/PublicLayout';
import { loginPath } from '../../../app/router/routes';
import { LoadingButton } from '../../../components/LoadingButton';
import { PasswordInput } from '../../../components/PasswordInput';
import type { SignupData } from '../accountApi';
import { signupResource } from '../accountResources';
import { fieldMessages, TextField } from '../../../components/TextField';
import { useResource } from '../../../app/resource/useResourceForm';

const empty: SignupData = { name: '', username: '', email: '', password: '' };

/** /signup: a client registers; the server e-mails a verification link. */
export function SignupPage() {
  const { t } = useTranslation('account');
  const { isLoading, status, body, dispatch } = useResource(signupResource);
  const [form, setForm] = useState<SignupData>(empty);
  const set = (field: keyof SignupData) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(signupResource.actions.request(form));
  };
  return (
    <PublicLayout title={t('signup.title')}>
      <Card>
        <h1>{t('signup.title')}</h1>
        {status === 'success' ? (
          <Notice role="status">{t('signup.sent')}</Notice>
        ) : (
          <form onSubmit={submit} noValidate>
            <TextField
              id="signup-name"
              label={t('signup.name')}
              value={form.name}
              onChange={set('name')}
              autoComplete="name"
              errors={body?.name}
              required
            />
            <TextField
              id="signup-username"
              label={t('signup.username')}
              value={form.username}
              onChange={set('username')}
              autoComplete="username"
              errors={body?.username}
              required
            />
            <TextField
              id="signup-email"
              type="email"
              label={t('signup.email')}
              value={form.email}
              onChange={set('email')}
              autoComplete="email"
              errors={body?.email}
              required
            />
            <PasswordInput
              id="signup-password"
              name="password"
              label={t('signup.password')}
              value={form.password}
              onChange={(e) => set('password')(e.target.value)}
              autoComplete="new-password"
              error={fieldMessages(body?.password)}
            />
            <p>{t('password.policy')}</p>
            <LoadingButton type="submit" isLoading={isLoading}>
              {t('signup.submit')}
            </LoadingButton>
          </form>
        )}
        <p>
          <Link to={loginPath}>{t('links.login')}</Link>
        </p>
      </Card>
    </PublicLayout>
  );
}
