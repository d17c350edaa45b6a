import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingButton } from '../../../components/LoadingButton';
import { Captcha } from './Captcha';
import { Muted } from './styles';

type Props = {
  target: string;
  siteKey: string | null;
  isLoading: boolean;
  /** Spec section 4: set after a successful request for this target. */
  disabled: boolean;
  sent: boolean;
  onDelist: (token: string) => void;
};

/** Asks the operators to delist the IP from our reputation zone; needs a fresh captcha token. */
export function DelistAction({ target, siteKey, isLoading, disabled, sent, onDelist }: Props) {
  const { t } = useTranslation('ipVerify');
  const [token, setToken] = useState('');
  const [round, setRound] = useState(0);
  const needsToken = !!siteKey && !token;
  return (
    <div>
      <Muted>{sent ? t('delist.sent', { target }) : t('delist.intro', { target })}</Muted>
      {!sent && (
        <div style={{ margin: '12px 0' }}>
          <Captcha key={round} siteKey={siteKey} onToken={setToken} />
        </div>
      )}
      <LoadingButton
        type="button"
        isLoading={isLoading}
        disabled={disabled || needsToken}
        onClick={() => {
          onDelist(token);
          setToken('');
          setRound((r) => r + 1);
        }}
      >
        {t('delist.submit')}
      </LoadingButton>
    </div>
  );
}
