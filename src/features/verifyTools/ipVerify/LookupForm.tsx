import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Field, FieldError } from '../../../app/layout/formControls';
import { LoadingButton } from '../../../components/LoadingButton';
import { Captcha } from './Captcha';

type Props = {
  siteKey: string | null;
  isLoading: boolean;
  serverError: string | undefined;
  onLookup: (target: string, token: string) => void;
};

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 16px;

  > div:first-child {
    flex: 1 1 260px;
    margin-bottom: 0;
  }
`;

const Hint = styled.p`
  margin: 6px 0 0;
  font-size: 0.88rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const CaptchaBox = styled.div`
  margin-top: 16px;
`;

/** The target field, the captcha (when on) and the check button. */
export function LookupForm({ siteKey, isLoading, serverError, onLookup }: Props) {
  const { t } = useTranslation('ipVerify');
  const [target, setTarget] = useState('');
  const [token, setToken] = useState('');
  const [round, setRound] = useState(0);
  const [missing, setMissing] = useState(false);
  const needsToken = !!siteKey && !token;
  const error = missing ? t('form.required') : serverError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = target.trim();
    setMissing(!value);
    if (!value || needsToken) return;
    onLookup(value, token);
    // A reCAPTCHA token is good for one verification: the next call needs a new one.
    setToken('');
    setRound((r) => r + 1);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('form.label')}>
      <Row>
        <Field>
          <label htmlFor="ip-verify-target">{t('form.target')}</label>
          <input
            id="ip-verify-target"
            name="target"
            inputMode="text"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('form.placeholder')}
            value={target}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'ip-verify-target-error' : 'ip-verify-target-hint'}
            onChange={(e) => setTarget(e.target.value)}
          />
        </Field>
        <LoadingButton type="submit" isLoading={isLoading} disabled={needsToken}>
          {t('form.submit')}
        </LoadingButton>
      </Row>
      {error ? (
        <FieldError id="ip-verify-target-error">{error}</FieldError>
      ) : (
        <Hint id="ip-verify-target-hint">{siteKey ? t('form.captchaHint') : t('form.hint')}</Hint>
      )}
      <CaptchaBox>
        <Captcha key={round} siteKey={siteKey} onToken={setToken} />
      </CaptchaBox>
    </form>
  );
}
