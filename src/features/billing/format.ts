import i18n from '../../i18n';
import { formatMoney } from '../../i18n/format';
import type { Price } from './billingApi';
import './locale';

const dayMs = 86_400_000;

// Money and days go through the one formatter (src/i18n/format.ts); this file keeps billing's own rules.
export { formatDate, formatMoney } from '../../i18n/format';

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
