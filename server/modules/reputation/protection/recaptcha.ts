import type { ErrorCode } from '../../../lib/errors';
import type { ReputationServices } from '../services';

// Server-side reCAPTCHA verification: the token goes to the verify URL with our secret and the client's IP;
// the answer's "success" decides. No secret configured: the captcha is off and every request passes.

export type CaptchaOutcome = { ok: true } | { ok: false; message: ErrorCode };

export async function verifyCaptcha(
  services: Pick<ReputationServices, 'settings' | 'captchaTimeoutMs' | 'fetch'>,
  token: string | undefined,
  remoteIp: string,
): Promise<CaptchaOutcome> {
  const { recaptchaSecret, recaptchaVerifyUrl } = services.settings;
  if (!recaptchaSecret) return { ok: true };
  if (!token) return { ok: false, message: 'captcha_required' };
  try {
    const response = await services.fetch(recaptchaVerifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: recaptchaSecret, response: token, remoteip: remoteIp }).toString(),
      signal: AbortSignal.timeout(services.captchaTimeoutMs),
    });
    if (!response.ok) return { ok: false, message: 'captcha_unavailable' };
    const body = (await response.json()) as { success?: unknown };
    return body.success === true ? { ok: true } : { ok: false, message: 'captcha_invalid' };
  } catch {
    return { ok: false, message: 'captcha_unavailable' };
  }
}
