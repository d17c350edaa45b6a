import { changed, emit } from './events';
import { allowOnly, invalid, need, required, StripeFakeError } from './errors';
import { bool, int, list, obj, str, strings, type Params } from './form';
import { page } from './lists';
import type { Engine } from './engine';
import type { FakeCheckoutSession, FakePortalSession, FakeSubscription } from './objects';

// Customers, Checkout and portal sessions, subscriptions, invoices and events (API reference, same names).
const pageKeys = ['limit', 'starting_after', 'ending_before'];

export function createCustomer(engine: Engine, p: Params) {
  allowOnly(p, ['email', 'name', 'metadata', 'description']);
  return engine.createCustomer({ email: str(p.email), name: str(p.name), metadata: strings(p.metadata) });
}

export function updateCustomer(engine: Engine, id: string, p: Params) {
  allowOnly(p, ['email', 'name', 'metadata', 'invoice_settings']);
  const customer = engine.store.get('customer', id);
  const before = {
    ...customer,
    metadata: { ...customer.metadata },
    invoice_settings: { ...customer.invoice_settings },
  };
  if (p.email !== undefined) customer.email = str(p.email) || null;
  if (p.name !== undefined) customer.name = str(p.name) || null;
  if (p.metadata !== undefined) Object.assign(customer.metadata, strings(p.metadata));
  const pm = str(obj(p.invoice_settings)?.default_payment_method);
  if (pm) customer.invoice_settings.default_payment_method = engine.store.get('payment_method', pm).id;
  emit(engine.store, 'customer.updated', customer, changed(before, customer));
  return customer;
}

export function createCheckoutSession(engine: Engine, p: Params): FakeCheckoutSession {
  allowOnly(p, [
    'mode',
    'line_items',
    'customer',
    'customer_email',
    'client_reference_id',
    'success_url',
    'cancel_url',
    'subscription_data',
    'metadata',
    'allow_promotion_codes',
    'locale',
    'billing_address_collection',
  ]);
  const { store } = engine;
  const mode = need(str(p.mode), 'mode', p.mode);
  if (mode !== 'subscription')
    throw invalid('mode', 'This fake serves Checkout in subscription mode only (mode=subscription).');
  const line = obj(list(p.line_items)[0] as Params | undefined);
  if (!line) throw required('line_items');
  const price = store.get(
    'price',
    need(str(line.price), 'line_items[0][price]', line.price),
    'line_items[0][price]',
  );
  if (!price.recurring)
    throw invalid(
      'line_items[0][price]',
      'In subscription mode, you must provide at least one recurring price.',
    );
  const customer = str(p.customer);
  if (customer) store.get('customer', customer, 'customer');
  const data = obj(p.subscription_data) ?? {};
  const trial =
    data.trial_period_days === undefined
      ? null
      : need(int(data.trial_period_days), 'subscription_data[trial_period_days]', data.trial_period_days);
  if (trial !== null && (trial < 1 || trial > 730))
    throw invalid('subscription_data[trial_period_days]', 'The trial period must be between 1 and 730 days.');
  const id = store.id('cs');
  const quantity = int(line.quantity) ?? 1;
  return store.put<FakeCheckoutSession>({
    id,
    object: 'checkout.session',
    created: store.now,
    expires_at: store.now + 24 * 3600,
    mode: 'subscription',
    status: 'open',
    payment_status: 'unpaid',
    url: `${engine.baseUrl}/c/pay/${id}`,
    success_url: need(str(p.success_url), 'success_url', p.success_url),
    cancel_url: str(p.cancel_url) ?? null,
    customer: customer ?? null,
    customer_email: str(p.customer_email) ?? null,
    client_reference_id: str(p.client_reference_id) ?? null,
    subscription: null,
    metadata: strings(p.metadata),
    livemode: false,
    currency: price.currency,
    amount_total: (price.unit_amount ?? 0) * quantity,
    amount_subtotal: (price.unit_amount ?? 0) * quantity,
    invoice: null,
    _line: { price: price.id, quantity },
    _trial_days: trial,
    _subscription_metadata: strings(data.metadata),
  });
}

/** What the hosted Checkout page does when the customer pays with `card`. */
export function completeCheckout(engine: Engine, id: string, card: string): FakeCheckoutSession {
  const { store } = engine;
  const session = store.get('checkout.session', id);
  if (session.status !== 'open')
    throw new StripeFakeError(
      400,
      'invalid_request_error',
      'This Checkout Session is no longer active.',
      'checkout_session_inactive',
    );
  if (session.expires_at <= store.now) {
    session.status = 'expired';
    emit(store, 'checkout.session.expired', session);
    throw new StripeFakeError(
      400,
      'invalid_request_error',
      'This Checkout Session has expired.',
      'checkout_session_expired',
    );
  }
  const customer = session.customer
    ? store.get('customer', session.customer as string)
    : engine.createCustomer({ email: session.customer_email });
  const pm = engine.attachCard(customer, card);
  const price = store.get('price', session._line.price);
  if (pm._declines && !session._trial_days)
    throw new StripeFakeError(402, 'card_error', 'Your card was declined.', 'card_declined');
  const sub = engine.startSubscription({
    customer,
    price,
    quantity: session._line.quantity,
    trialDays: session._trial_days,
    metadata: session._subscription_metadata,
    paymentMethod: pm.id,
    incomplete: false,
  });
  session.status = 'complete';
  session.customer = customer.id;
  session.subscription = sub.id;
  session.payment_status = session._trial_days ? 'no_payment_required' : 'paid';
  emit(store, 'checkout.session.completed', session);
  return session;
}

export function createPortalSession(engine: Engine, p: Params): FakePortalSession {
  allowOnly(p, ['customer', 'return_url', 'locale', 'configuration']);
  const { store } = engine;
  const customer = store.get('customer', need(str(p.customer), 'customer', p.customer), 'customer');
  const id = store.id('bps');
  return store.put<FakePortalSession>({
    id,
    object: 'billing_portal.session',
    created: store.now,
    customer: customer.id,
    livemode: false,
    return_url: str(p.return_url) ?? null,
    url: `${engine.baseUrl}/p/session/${id}`,
    configuration: 'bpc_fake_default',
    locale: null,
    on_behalf_of: null,
    flow: null,
  });
}

export function createSubscription(engine: Engine, p: Params): FakeSubscription {
  allowOnly(p, [
    'customer',
    'items',
    'payment_behavior',
    'trial_period_days',
    'default_payment_method',
    'metadata',
    'payment_settings',
  ]);
  const { store } = engine;
  const customer = store.get('customer', need(str(p.customer), 'customer', p.customer), 'customer');
  const item = obj(list(p.items)[0] as Params | undefined);
  if (!item) throw required('items');
  const price = store.get('price', need(str(item.price), 'items[0][price]', item.price), 'items[0][price]');
  const behavior = str(p.payment_behavior) ?? 'allow_incomplete';
  const pm = str(p.default_payment_method);
  if (pm) store.get('payment_method', pm, 'default_payment_method');
  return engine.startSubscription({
    customer,
    price,
    quantity: int(item.quantity) ?? 1,
    trialDays: int(p.trial_period_days) ?? null,
    metadata: strings(p.metadata),
    paymentMethod: pm ?? null,
    incomplete: behavior === 'default_incomplete',
  });
}

export function updateSubscription(engine: Engine, id: string, p: Params): FakeSubscription {
  allowOnly(p, [
    'trial_end',
    'cancel_at_period_end',
    'items',
    'metadata',
    'default_payment_method',
    'proration_behavior',
  ]);
  const { store } = engine;
  const sub = store.get('subscription', id);
  if (['canceled', 'incomplete_expired'].includes(sub.status))
    throw new StripeFakeError(
      400,
      'invalid_request_error',
      'A canceled subscription can only update its cancellation_details and metadata.',
      'resource_missing',
    );
  if (p.trial_end !== undefined) {
    if (p.trial_end !== 'now') throw invalid('trial_end', 'The fake accepts trial_end=now only.');
    if (sub.status !== 'trialing') throw invalid('trial_end', 'This subscription is not in a trial.');
    engine.endTrial(sub);
  }
  const before = { ...sub, metadata: { ...sub.metadata }, items: structuredClone(sub.items) };
  if (p.cancel_at_period_end !== undefined) {
    const on = need(bool(p.cancel_at_period_end), 'cancel_at_period_end', p.cancel_at_period_end);
    sub.cancel_at_period_end = on;
    sub.cancel_at = on
      ? sub.trial_end && sub.status === 'trialing'
        ? sub.trial_end
        : sub.items.data[0]!.current_period_end
      : null;
    sub.canceled_at = on ? store.now : null;
  }
  const item = obj(list(p.items)[0] as Params | undefined);
  if (item) {
    const current = sub.items.data[0]!;
    if (str(item.id) && str(item.id) !== current.id)
      throw invalid('items[0][id]', `No such subscription item: '${str(item.id)}'`);
    if (item.price !== undefined)
      current.price = store.get(
        'price',
        need(str(item.price), 'items[0][price]', item.price),
        'items[0][price]',
      );
  }
  if (p.metadata !== undefined) Object.assign(sub.metadata, strings(p.metadata));
  const pm = str(p.default_payment_method);
  if (pm) sub.default_payment_method = store.get('payment_method', pm, 'default_payment_method').id;
  const diff = changed(before, sub);
  if (diff) emit(store, 'customer.subscription.updated', sub, diff);
  return sub;
}

export function cancelSubscription(engine: Engine, id: string, p: Params): FakeSubscription {
  allowOnly(p, ['invoice_now', 'prorate', 'cancellation_details']);
  const sub = engine.store.get('subscription', id);
  if (sub.status === 'canceled')
    throw new StripeFakeError(
      400,
      'invalid_request_error',
      `This subscription has already been canceled: '${id}'`,
    );
  engine.end(sub);
  return sub;
}

export function listSubscriptions(engine: Engine, p: Params, url: string) {
  allowOnly(p, ['customer', 'status', 'price', ...pageKeys]);
  const customer = str(p.customer);
  const status = str(p.status);
  const price = str(p.price);
  return page(
    engine.store.all('subscription').filter(
      (s) =>
        (!customer || s.customer === customer) &&
        (!price || s.items.data.some((i) => i.price.id === price)) &&
        // Without status, Stripe lists every subscription that is not canceled.
        (status === 'all' || (status ? s.status === status : s.status !== 'canceled')),
    ),
    p,
    url,
  );
}

export function listInvoices(engine: Engine, p: Params, url: string) {
  allowOnly(p, ['customer', 'subscription', 'status', ...pageKeys]);
  const customer = str(p.customer);
  const subscription = str(p.subscription);
  const status = str(p.status);
  return page(
    engine.store
      .all('invoice')
      .filter(
        (i) =>
          (!customer || i.customer === customer) &&
          (!subscription || i.parent.subscription_details.subscription === subscription) &&
          (!status || i.status === status),
      ),
    p,
    url,
  );
}

export function listEvents(engine: Engine, p: Params, url: string) {
  allowOnly(p, ['type', 'types', ...pageKeys]);
  const type = str(p.type);
  return page(
    engine.store.events.filter((e) => !type || e.type === type),
    p,
    url,
  );
}
