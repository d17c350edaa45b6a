import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppSelector } from '../../../app/hooks';
import { Notice } from '../../../app/layout/formControls';
import { LoadingButton } from '../../../components/LoadingButton';
import { selectCurrentUser } from '../../auth';
import {
  twoFactorConfirmResource,
  twoFactorDisableResource,
  twoFactorStartResource,
} from '../accountResources';
import { useCurrentUserReload } from '../useCurrentUserReload';
import { useResource } from '../../../app/resource/useResourceForm';
import { TextField } from '../../../components/TextField';
import { Button } from '../../../components/Button';

const Codes = styled.ol`
  columns: 2;
  font-family: monospace;
  font-size: 1rem;
`;

const Secret = styled.code`
  overflow-wrap: anywhere;
`;

function CodeForm({
  id,
  label,
  submit,
  isLoading,
  errors,
  onSubmit,
}: {
  id: string;
  label: string;
  submit: string;
  isLoading: boolean;
  errors: unknown;
  onSubmit: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code.trim());
  };
  return (
    <form onSubmit={send} noValidate>
      <TextField
        id={id}
        label={label}
        value={code}
        onChange={setCode}
        autoComplete="one-time-code"
        inputMode="numeric"
        errors={errors}
        required
      />
      <LoadingButton type="submit" isLoading={isLoading}>
        {submit}
      </LoadingButton>
    </form>
  );
}

/** Two-factor set-up: the server's QR code of the otpauth URI, a code to confirm, recovery codes once; disable. */
export function TwoFactorSection() {
  const { t } = useTranslation('account');
  const user = useAppSelector(selectCurrentUser);
  const reload = useCurrentUserReload();
  const start = useResource(twoFactorStartResource);
  const confirm = useResource(twoFactorConfirmResource);
  const disable = useResource(twoFactorDisableResource);
  const dispatch = disable.dispatch;

  useEffect(() => {
    if (confirm.status === 'success' || disable.status === 'success') void reload();
    // A new set-up after a disable: the old "disabled" outcome must not hide the new state.
    if (confirm.status === 'success') dispatch(twoFactorDisableResource.actions.reset());
  }, [confirm.status, disable.status, reload, dispatch]);

  const codes = confirm.status === 'success' ? (confirm.data?.recoveryCodes ?? []) : null;
  if (codes) {
    return (
      <section aria-labelledby="twofactor-codes">
        <h3 id="twofactor-codes">{t('twoFactor.codesTitle')}</h3>
        <Notice $tone="warning">{t('twoFactor.codesOnce')}</Notice>
        <Codes data-testid="recovery-codes">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Codes>
        <Button type="button" onClick={() => confirm.dispatch(twoFactorConfirmResource.actions.reset())}>
          {t('twoFactor.codesDone')}
        </Button>
      </section>
    );
  }

  if (user?.has2FactorAuthentication && disable.status !== 'success') {
    return (
      <section aria-labelledby="twofactor-on">
        <h3 id="twofactor-on">{t('twoFactor.onTitle')}</h3>
        <p>{t('twoFactor.onIntro')}</p>
        <CodeForm
          id="twofactor-disable-code"
          label={t('twoFactor.codeOrRecovery')}
          submit={t('twoFactor.disable')}
          isLoading={disable.isLoading}
          errors={disable.body?.code}
          onSubmit={(code) => disable.dispatch(twoFactorDisableResource.actions.request(code))}
        />
      </section>
    );
  }

  return (
    <section aria-labelledby="twofactor-off">
      <h3 id="twofactor-off">{t('twoFactor.offTitle')}</h3>
      <p>{t('twoFactor.offIntro')}</p>
      {!start.data ? (
        <LoadingButton
          type="button"
          isLoading={start.isLoading}
          onClick={() => start.dispatch(twoFactorStartResource.actions.request())}
        >
          {t('twoFactor.start')}
        </LoadingButton>
      ) : (
        <>
          <p>{t('twoFactor.scan')}</p>
          {/* The server draws the code (a PNG data URL of the otpauth URI): the SPA carries no QR encoder. */}
          <img src={start.data.qrCode} width={200} height={200} alt={t('twoFactor.qrAlt')} />
          <p>
            {t('twoFactor.secret')} <Secret data-testid="totp-secret">{start.data.secret}</Secret>
          </p>
          <CodeForm
            id="twofactor-confirm-code"
            label={t('twoFactor.code')}
            submit={t('twoFactor.confirm')}
            isLoading={confirm.isLoading}
            errors={confirm.body?.code}
            onSubmit={(code) => confirm.dispatch(twoFactorConfirmResource.actions.request(code))}
          />
        </>
      )}
    </section>
  );
}
