import type { TrackerSettings } from './lib/trackers';
import { ConfigError } from './config-fields';
import type { Env } from './config';

// The optional integrations (Stripe billing, PowerDNS hosting, web analytics): each is off without its
// settings and refuses to start with half of them.

export type BillingSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK connects (Stripe's own API unless STRIPE_API_BASE says otherwise). */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  /** BILLING_TRIAL_DAYS: a self-registered organization's days in full before a first plan (docs/BILLING.md). */
  trialDays: number;
};

export function parseBilling(e: Env): BillingSettings | undefined {
  if (!e.STRIPE_SECRET_KEY) {
    if (e.STRIPE_WEBHOOK_SECRET)
      throw new ConfigError(
        'Invalid setting STRIPE_SECRET_KEY: STRIPE_WEBHOOK_SECRET is set, billing needs the key too',
      );
    return undefined;
  }
  if (!e.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError(
      "Invalid setting STRIPE_WEBHOOK_SECRET: billing needs the webhook signing secret to trust Stripe's events",
    );
  const base = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    trialDays: e.BILLING_TRIAL_DAYS,
    api: base
      ? { host: base.hostname, port: Number(base.port || (protocol === 'http' ? 80 : 443)), protocol }
      : undefined,
  };
}

export type PowerDnsSettings = {
  apiUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** NS records of a new zone when the request names none (absolute names). */
  nameservers: string[];
};

export function parsePowerDns(e: Env): PowerDnsSettings | undefined {
  if (!e.PDNS_API_URL && !e.PDNS_API_KEY) return undefined;
  if (!e.PDNS_API_URL || !e.PDNS_API_KEY)
    throw new ConfigError(
      `Invalid setting ${e.PDNS_API_URL ? 'PDNS_API_KEY' : 'PDNS_API_URL'}: DNS hosting needs both PDNS_API_URL and PDNS_API_KEY`,
    );
  return {
    apiUrl: e.PDNS_API_URL.replace(/\/+$/, ''),
    apiKey: e.PDNS_API_KEY,
    timeoutMs: e.PDNS_TIMEOUT_MS,
    nameservers: (e.PDNS_NAMESERVERS ?? '')
      .split(',')
      .map((n) => n.trim().toLowerCase())
      .filter(Boolean)
      .map((n) => (n.endsWith('.') ? n : `${n}.`)),
  };
}

// Each tracker is on with both of its settings, off with neither; one alone is a mistake worth stopping for.
export function parseTrackers(e: Env): TrackerSettings {
  const pair = <A extends string, B extends string>(
    a: [A, string | undefined],
    b: [B, string | undefined],
  ) => {
    if (!a[1] && !b[1]) return undefined;
    if (!a[1] || !b[1]) {
      const [missing, present] = a[1] ? [b[0], a[0]] : [a[0], b[0]];
      throw new ConfigError(`Invalid setting ${missing}: ${present} is set, the tracker needs both`);
    }
    return [a[1], b[1]] as const;
  };
  const plausible = pair(
    ['PLAUSIBLE_SCRIPT_URL', e.PLAUSIBLE_SCRIPT_URL],
    ['PLAUSIBLE_DOMAIN', e.PLAUSIBLE_DOMAIN],
  );
  const matomo = pair(['MATOMO_URL', e.MATOMO_URL], ['MATOMO_SITE_ID', e.MATOMO_SITE_ID]);
  const umami = pair(['UMAMI_SCRIPT_URL', e.UMAMI_SCRIPT_URL], ['UMAMI_WEBSITE_ID', e.UMAMI_WEBSITE_ID]);
  return {
    ...(plausible && { plausible: { scriptUrl: plausible[0], domain: plausible[1] } }),
    ...(matomo && { matomo: { url: matomo[0].replace(/\/*$/, '/'), siteId: matomo[1] } }),
    ...(umami && { umami: { scriptUrl: umami[0], websiteId: umami[1] } }),
  };
}
