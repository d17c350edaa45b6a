import { createPrice, createProduct, listPrices, listProducts, updateProduct } from './api-catalog';
import {
  cancelSubscription,
  createCheckoutSession,
  createCustomer,
  createPortalSession,
  createSubscription,
  listEvents,
  listInvoices,
  listSubscriptions,
  updateCustomer,
  updateSubscription,
} from './api-billing';
import type { Engine } from './engine';
import { StripeFakeError } from './errors';
import type { Params } from './form';

// The /v1 routes the fake answers: [method, path pattern, handler(engine, id, params, path)].
type Handler = (engine: Engine, id: string, params: Params, path: string) => unknown;
const routes: [string, RegExp, Handler][] = [
  ['POST', /^\/v1\/products$/, (e, _, p) => createProduct(e.store, p)],
  ['GET', /^\/v1\/products$/, (e, _, p, path) => listProducts(e.store, p, path)],
  ['GET', /^\/v1\/products\/([^/]+)$/, (e, id) => e.store.get('product', id)],
  ['POST', /^\/v1\/products\/([^/]+)$/, (e, id, p) => updateProduct(e.store, id, p)],
  ['POST', /^\/v1\/prices$/, (e, _, p) => createPrice(e.store, p)],
  ['GET', /^\/v1\/prices$/, (e, _, p, path) => listPrices(e.store, p, path)],
  ['GET', /^\/v1\/prices\/([^/]+)$/, (e, id) => e.store.get('price', id)],
  ['POST', /^\/v1\/customers$/, (e, _, p) => createCustomer(e, p)],
  ['GET', /^\/v1\/customers\/([^/]+)$/, (e, id) => e.store.get('customer', id)],
  ['POST', /^\/v1\/customers\/([^/]+)$/, (e, id, p) => updateCustomer(e, id, p)],
  ['GET', /^\/v1\/payment_methods\/([^/]+)$/, (e, id) => e.store.get('payment_method', id)],
  ['POST', /^\/v1\/checkout\/sessions$/, (e, _, p) => createCheckoutSession(e, p)],
  ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (e, id) => e.store.get('checkout.session', id)],
  ['POST', /^\/v1\/billing_portal\/sessions$/, (e, _, p) => createPortalSession(e, p)],
  ['POST', /^\/v1\/subscriptions$/, (e, _, p) => createSubscription(e, p)],
  ['GET', /^\/v1\/subscriptions$/, (e, _, p, path) => listSubscriptions(e, p, path)],
  ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (e, id) => e.store.get('subscription', id)],
  ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (e, id, p) => updateSubscription(e, id, p)],
  ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (e, id, p) => cancelSubscription(e, id, p)],
  ['GET', /^\/v1\/invoices$/, (e, _, p, path) => listInvoices(e, p, path)],
  ['GET', /^\/v1\/invoices\/([^/]+)$/, (e, id) => e.store.get('invoice', id)],
  ['GET', /^\/v1\/events$/, (e, _, p, path) => listEvents(e, p, path)],
  ['GET', /^\/v1\/events\/([^/]+)$/, (e, id) => e.store.get('event', id)],
];

export function dispatch(engine: Engine, method: string, path: string, params: Params): unknown {
  let pathKnown = false;
  for (const [m, pattern, handler] of routes) {
    const match = pattern.exec(path);
    if (!match) continue;
    pathKnown = true;
    if (m === method) return handler(engine, decodeURIComponent(match[1] ?? ''), params, path);
  }
  throw new StripeFakeError(
    404,
    'invalid_request_error',
    pathKnown
      ? `Unrecognized request URL (${method}: ${path}).`
      : `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );
}
