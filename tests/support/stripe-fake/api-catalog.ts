import { allowOnly, invalid, need } from './errors';
import { bool, int, obj, str, strings, type Params } from './form';
import { page } from './lists';
import type { FakePrice, FakeProduct } from './objects';
import type { Store } from './store';
import { emit, changed } from './events';

// Products and prices (API reference, "Products", "Prices").
export function createProduct(store: Store, p: Params): FakeProduct {
  allowOnly(p, ['name', 'description', 'metadata', 'active', 'default_price_data']);
  const product = store.put<FakeProduct>({
    id: store.id('prod'),
    object: 'product',
    active: bool(p.active) ?? true,
    created: store.now,
    updated: store.now,
    default_price: null,
    description: str(p.description) ?? null,
    livemode: false,
    metadata: strings(p.metadata),
    name: need(str(p.name), 'name', p.name),
    images: [],
    type: 'service',
    url: null,
  });
  emit(store, 'product.created', product);
  const data = obj(p.default_price_data);
  if (data) product.default_price = createPrice(store, { ...data, product: product.id }).id;
  return product;
}

export function updateProduct(store: Store, id: string, p: Params): FakeProduct {
  allowOnly(p, ['name', 'description', 'metadata', 'active', 'default_price']);
  const product = store.get('product', id);
  const before = { ...product, metadata: { ...product.metadata } };
  if (p.name !== undefined) product.name = need(str(p.name), 'name', p.name);
  if (p.description !== undefined) product.description = str(p.description) || null;
  if (p.active !== undefined) product.active = need(bool(p.active), 'active', p.active);
  if (p.metadata !== undefined) Object.assign(product.metadata, strings(p.metadata));
  if (p.default_price !== undefined)
    product.default_price = store.get('price', String(p.default_price), 'default_price').id;
  product.updated = store.now;
  emit(store, 'product.updated', product, changed(before, product));
  return product;
}

export function listProducts(store: Store, p: Params, url: string) {
  allowOnly(p, ['active', 'limit', 'starting_after', 'ending_before', 'ids']);
  const active = bool(p.active);
  return page(
    store.all('product').filter((x) => active === undefined || x.active === active),
    p,
    url,
  );
}

export function createPrice(store: Store, p: Params): FakePrice {
  allowOnly(p, [
    'product',
    'currency',
    'unit_amount',
    'recurring',
    'metadata',
    'nickname',
    'lookup_key',
    'active',
  ]);
  const product = store.get('product', need(str(p.product), 'product', p.product), 'product');
  const currency = need(str(p.currency), 'currency', p.currency).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalid('currency', `Invalid currency: ${currency}.`);
  const recurring = obj(p.recurring);
  const interval = recurring
    ? need(str(recurring.interval), 'recurring[interval]', recurring.interval)
    : undefined;
  if (interval !== undefined && !['day', 'week', 'month', 'year'].includes(interval))
    throw invalid(
      'recurring[interval]',
      `Invalid recurring[interval]: must be one of day, week, month, or year`,
    );
  const price = store.put<FakePrice>({
    id: store.id('price'),
    object: 'price',
    active: bool(p.active) ?? true,
    created: store.now,
    currency,
    livemode: false,
    lookup_key: str(p.lookup_key) ?? null,
    metadata: strings(p.metadata),
    nickname: str(p.nickname) ?? null,
    product: product.id,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: need(int(p.unit_amount), 'unit_amount', p.unit_amount),
    billing_scheme: 'per_unit',
    recurring: recurring
      ? {
          interval: interval as 'day' | 'week' | 'month' | 'year',
          interval_count: int(recurring.interval_count) ?? 1,
          usage_type: 'licensed',
          meter: null,
        }
      : null,
  });
  emit(store, 'price.created', price);
  return price;
}

export function listPrices(store: Store, p: Params, url: string) {
  allowOnly(p, [
    'product',
    'active',
    'currency',
    'type',
    'limit',
    'starting_after',
    'ending_before',
    'lookup_keys',
  ]);
  const active = bool(p.active);
  const product = str(p.product);
  const currency = str(p.currency)?.toLowerCase();
  const type = str(p.type);
  return page(
    store
      .all('price')
      .filter(
        (x) =>
          (active === undefined || x.active === active) &&
          (!product || x.product === product) &&
          (!currency || x.currency === currency) &&
          (!type || x.type === type),
      ),
    p,
    url,
  );
}
