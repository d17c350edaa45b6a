import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Notice } from '../../../app/layout/formControls';
import { Card, PublicLayout } from '../../../app/layout/PublicLayout';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { accountPaths, contactPath } from '../../../app/router/routes';
import { LoginForm } from '../components/LoginForm';
import { TwoFactorForm } from '../components/TwoFactorForm';
import { authActions } from '../state/authSlice';
import { selectAuth } from '../state/authSelectors';

const Intro = styled.p`
  margin: 0 0 20px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Help = styled.p`
  margin-top: 20px;
`;

export function LoginPage() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const { isLoading, needsTwoFactor, error } = useAppSelector(selectAuth);
  const [searchParams] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const sessionExpired = searchParams.get('sessionExpired') === 'true';
  const relogin = searchParams.get('relogin') === 'true';

  return (
    <PublicLayout title={t('login.title')}>
      <Card>
        <h1>{t('login.title')}</h1>
        <Intro>{t('login.intro')}</Intro>
        {sessionExpired && (
          <Notice role="status" $tone="warning">
            {t('login.sessionExpired')}
          </Notice>
        )}
        {relogin && !sessionExpired && <Notice role="status">{t('login.relogin')}</Notice>}
        {needsTwoFactor ? (
          <TwoFactorForm
            code={code}
            onCode={setCode}
            isLoading={isLoading}
            errors={error?.code}
            onSubmit={() => dispatch(authActions.loginRequest({ username, password, code }))}
            onBack={() => {
              setCode('');
              dispatch(authActions.twoFactorCancel());
            }}
          />
        ) : (
          <LoginForm
            username={username}
            password={password}
            onUsername={setUsername}
            onPassword={setPassword}
            isLoading={isLoading}
            errors={error}
            onSubmit={() => dispatch(authActions.loginRequest({ username, password }))}
          />
        )}
      </Card>
      <Help>
        <Link to={accountPaths.passwordReset}>{t('login.forgotPassword')}</Link>
        {' · '}
        <Link to={accountPaths.recoveryLogin}>{t('login.useRecoveryCode')}</Link>
        {' · '}
        <Link to={accountPaths.signup}>{t('login.signup')}</Link>
      </Help>
      <Help>
        {t('login.help')} <Link to={contactPath}>{t('login.contact')}</Link>
      </Help>
    </PublicLayout>
  );
}
