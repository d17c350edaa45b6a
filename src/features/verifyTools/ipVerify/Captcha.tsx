import ReCAPTCHA from 'react-google-recaptcha';
import { useTranslation } from 'react-i18next';

type Props = { siteKey: string | null; onToken: (token: string) => void };

/** The reCAPTCHA widget; nothing when the installation has no site key (captcha off). Remount it (key) for a new token. */
export function Captcha({ siteKey, onToken }: Props) {
  const { i18n } = useTranslation();
  if (!siteKey) return null;
  return (
    <ReCAPTCHA
      sitekey={siteKey}
      hl={i18n.language === 'pt' ? 'pt-BR' : 'en'}
      onChange={(token) => onToken(token ?? '')}
      onExpired={() => onToken('')}
    />
  );
}
