import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LoadingButton } from '../../../components/LoadingButton';
import { Field, FieldError } from '../../../app/layout/formControls';

type Props = {
  code: string;
  onCode: (value: string) => void;
  onSubmit: () => void;
  onBack: () => void;
  isLoading: boolean;
  errors: string[] | undefined;
};

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 16px;
`;

const LinkButton = styled.button`
  padding: 0;
  color: ${({ theme }) => theme.colors.primary};
  background: none;
  border: 0;
  text-decoration: underline;
  cursor: pointer;
`;

const CodeInput = styled.input`
  max-width: 12ch;
  font-size: 1.3rem;
  letter-spacing: 0.3em;
  font-variant-numeric: tabular-nums;
`;

/** The second login step: the 6-digit code of the user's authenticator app. */
export function TwoFactorForm({ code, onCode, onSubmit, onBack, isLoading, errors }: Props) {
  const { t } = useTranslation('auth');
  const error = errors?.length ? errors.join(' ') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate>
      <h2>{t('twoFactor.title')}</h2>
      <p id="login-code-intro">{t('twoFactor.intro')}</p>
      <Field>
        <label htmlFor="login-code">{t('twoFactor.code')}</label>
        <CodeInput
          id="login-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          autoFocus
          value={code}
          onChange={(event) => onCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'login-code-intro login-code-error' : 'login-code-intro'}
        />
        {error && <FieldError id="login-code-error">{error}</FieldError>}
      </Field>
      <Actions>
        <LoadingButton type="submit" isLoading={isLoading} disabled={code.length !== 6}>
          {t('twoFactor.submit')}
        </LoadingButton>
        <LinkButton type="button" onClick={onBack}>
          {t('twoFactor.back')}
        </LinkButton>
      </Actions>
    </form>
  );
}
