// The reputation area's settings (config.ts reads them from the environment; .env.example documents them).
export type ReputationSettings = {
  /** DNSBL_ZONES: the lists to check; undefined = the default list (checks/dnsbl/zones.ts). */
  dnsblZones: string | undefined;
  /** DNSBL_TIMEOUT_MS: how long one list may take to answer. */
  dnsblTimeoutMs: number;
  /** REPUTATION_ZONE: our reputation zone (answers 127.0.0.10 ... 127.0.0.20); unset = 'No info'. */
  reputationZone: string | undefined;
  /** RECAPTCHA_SECRET: server-side verification; unset = captcha off. */
  recaptchaSecret: string | undefined;
  recaptchaSiteKey: string | undefined;
  recaptchaVerifyUrl: string;
  /** DELIST_EMAIL: where delist requests for our zone go (default OPERATOR_EMAIL). */
  delistEmail: string | undefined;
  geoipCityDb: string | undefined;
  geoipAsnDb: string | undefined;
};

export const defaultRecaptchaVerifyUrl = 'https://www.google.com/recaptcha/api/siteverify';
