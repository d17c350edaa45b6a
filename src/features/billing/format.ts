import i18n from '../../i18n';
import type { Price } from './billingApi';

const locale = (language: string) => (language.startsWith('pt') ? 'pt-BR' : 'en-US');
const dayMs = 86_400_000;

/**
 * An amount as Stripe counts it (the currency's smallest unit) in the interface language. The currency's
 * own digits (0 for JPY, 2 for USD, 3 for KWD) come from Intl, so zero-decimal currencies stay right.
 */
export function formatMoney(amount: number, currency: string, language: string): string {
  const format = new Intl.NumberFormat(locale(language), {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** A day (an ISO date or time) in the interface language, or a dash. Dates without a time are UTC days. */
export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  const utcDay = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  return date.toLocaleDateString(locale(language), {
    dateStyle: 'medium',
    ...(utcDay ? { timeZone: 'UTC' } : {}),
  });
}

/** Calendar days (UTC) from today to a trial's last day: 0 on that day, negative once it has passed. */
export function daysLeft(end: string, now: number = Date.now()): number {
  const last = Date.parse(`${end.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(last)) return -1;
  return Math.round((last - (now - (now % dayMs))) / dayMs);
}

/** "€12.00 / month", "R$ 120,00 a cada 3 meses"; a price without an amount (metered) says so. */
export function formatPrice(price: Price, language: string): string {
  const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, { ns: 'billing', ...options });
  const amount =
    price.unitAmount === null
      ? t('products.variable')
      : formatMoney(price.unitAmount, price.currency, language);
  if (!price.interval) return amount;
  const count = price.intervalCount ?? 1;
  const known = ['day', 'week', 'month', 'year'].includes(price.interval);
  const period = known ? t(`interval.${price.interval}`, { count }) : price.interval;
  return t('products.perPeriod', { amount, period });
}

/** The customer's currency: the one the subscription bills in, else the interface language's usual one. */
export function preferredCurrency(current: string | null | undefined, language: string): string {
  if (current) return current.toLowerCase();
  return language.startsWith('pt') ? 'brl' : 'usd';
}

/** The prices a customer chooses from: those in their currency, or every price when none is. */
export function pricesFor(prices: Price[], currency: string): Price[] {
  const mine = prices.filter((p) => p.currency.toLowerCase() === currency);
  return mine.length > 0 ? mine : prices;
}
