import type Stripe from 'stripe';
import type { BillingSettings } from '../../../config-integrations';
import type { PriceWire, ProductWire } from '../../../../contract/billing';
import { stripeOf } from './client';
import { benefitsFor } from '../../shared/roles';
import { benefitsOf, trialDaysOf } from '../subscriptions/plan';

// The plans on offer: Stripe's active products that have an active recurring price, read through the SDK and
// kept for a minute (the products page is public and every visitor would otherwise cost two Stripe calls).
const ttlMs = 60_000;
type Catalogue = { at: number; products: Stripe.Product[]; prices: Stripe.Price[] };
const cache = new WeakMap<BillingSettings, Catalogue>();

export async function catalogue(settings: BillingSettings, now: number): Promise<Catalogue> {
  const hit = cache.get(settings);
  if (hit && now - hit.at < ttlMs) return hit;
  const stripe = stripeOf(settings);
  const products: Stripe.Product[] = [];
  for await (const p of stripe.products.list({ active: true, limit: 100 })) products.push(p);
  const prices: Stripe.Price[] = [];
  for await (const p of stripe.prices.list({ active: true, type: 'recurring', limit: 100 })) prices.push(p);
  const fresh = { at: now, products, prices };
  cache.set(settings, fresh);
  return fresh;
}

export function forgetCatalogue(settings: BillingSettings) {
  cache.delete(settings);
}

const priceWire = (p: Stripe.Price): PriceWire => ({
  id: p.id,
  currency: p.currency,
  unit_amount: p.unit_amount,
  interval: p.recurring?.interval ?? null,
  interval_count: p.recurring?.interval_count ?? null,
});

/** Products with their prices, in the asked currency when the product has prices in it (else every price). */
export function productList(c: Catalogue, currency: string | undefined): ProductWire[] {
  return c.products
    .map((product) => {
      const all = c.prices.filter(
        (p) => (typeof p.product === 'string' ? p.product : p.product.id) === product.id,
      );
      const inCurrency = currency ? all.filter((p) => p.currency === currency) : [];
      const shown = (inCurrency.length ? inCurrency : all).sort(
        (a, b) => (a.unit_amount ?? 0) - (b.unit_amount ?? 0),
      );
      return {
        id: product.id,
        name: product.name,
        description: product.description,
        benefits: planBenefits(product.metadata),
        trial_days: shown[0] ? trialDaysOf(product, shown[0]) : null,
        prices: shown.map(priceWire),
      };
    })
    .filter((p) => p.prices.length > 0);
}

function planBenefits(metadata: Stripe.Metadata) {
  return benefitsFor(benefitsOf(metadata));
}

/** A price on offer and its product, or undefined. */
export function findPrice(c: Catalogue, priceId: string) {
  const price = c.prices.find((p) => p.id === priceId);
  if (!price) return undefined;
  const productId = typeof price.product === 'string' ? price.product : price.product.id;
  const product = c.products.find((p) => p.id === productId);
  return product ? { price, product } : undefined;
}
