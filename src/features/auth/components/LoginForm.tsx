import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LoadingButton } from '../../../components/LoadingButton';
import { PasswordInput } from '../../../components/PasswordInput';
import { Field, FieldError } from '../../../app/layout/formControls';
import type { FieldErrors } from '../authApi';

// PasswordInput brings its own label and field styles.
const PasswordBlock = styled.div`
  margin-bottom: 20px;
`;

type Props = {
  username: string;
  password: string;
  onUsername: (value: string) => void;
  onPassword: (value: string) => void;
  onSubmit: () => void;
  isLoading: boolean;
  errors: FieldErrors | null;
};

function joined(messages: string[] | undefined): string | undefined {
  return messages?.length ? messages.join(' ') : undefined;
}

export function LoginForm({
  username,
  password,
  onUsername,
  onPassword,
  onSubmit,
  isLoading,
  errors,
}: Props) {
  const { t } = useTranslation('auth');
  const usernameError = joined(errors?.username);
  const passwordError = joined(errors?.password);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Field>
        <label htmlFor="login-username">{t('login.username')}</label>
        <input
          id="login-username"
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => onUsername(event.target.value)}
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={usernameError ? 'login-username-error' : undefined}
        />
        {usernameError && <FieldError id="login-username-error">{usernameError}</FieldError>}
      </Field>
      <PasswordBlock>
        <PasswordInput
          id="login-password"
          name="password"
          label={t('login.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => onPassword(event.target.value)}
          error={passwordError}
        />
      </PasswordBlock>
      <LoadingButton type="submit" isLoading={isLoading}>
        {t('login.submit')}
      </LoadingButton>
    </form>
  );
}
