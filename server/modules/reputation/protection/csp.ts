import type { Config } from '../../../config';

// The reCAPTCHA widget loads its script from google.com/gstatic.com and renders in a frame: allowed by the
// Content-Security-Policy only when the captcha is on.
const scriptSources = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const frameSources = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

type Csp = { useDefaults: boolean; directives: Record<string, string[]> };

export function withRecaptchaSources<T extends Csp>(csp: T, config: Pick<Config, 'reputation'>): T {
  const { recaptchaSecret, recaptchaSiteKey } = config.reputation;
  if (!recaptchaSecret || !recaptchaSiteKey) return csp;
  const d = csp.directives;
  return {
    ...csp,
    directives: {
      ...d,
      scriptSrc: [...(d.scriptSrc ?? ["'self'"]), ...scriptSources],
      frameSrc: [...(d.frameSrc ?? ["'self'"]), ...frameSources],
    },
  };
}
