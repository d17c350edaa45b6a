import type { z } from 'zod';
import type {
  checkoutBody,
  checkoutDocument,
  invoiceListDocument,
  portalDocument,
  productListDocument,
  subscriptionDocument,
} from '../../../contract/billing';
import type { Wire } from '../../../contract/casing';
import { call } from '../../api/call';
import { billingOps } from '../../../contract/operations/billing';

// Payments under /api/pg (spec section 7); every shape is the contract's (contract/billing.ts).
const changes = { end_trial: billingOps.endTrial, cancel: billingOps.cancel, resume: billingOps.resume };

export type ProductList = Wire<typeof productListDocument>;
export type Product = ProductList['data'][number];
export type Price = Product['prices'][number];
export type Subscription = Wire<typeof subscriptionDocument>['data'];
export type InvoicePage = Wire<typeof invoiceListDocument>;
export type Invoice = InvoicePage['data'][number];
export type CheckoutBody = z.input<typeof checkoutBody>;
type CheckoutPage = Wire<typeof checkoutDocument>;
type PortalPage = Wire<typeof portalDocument>;

/** Where Stripe sends the browser back to: paths of this site, which the server checks (returnUrl). */
export const returnPaths = {
  checkoutSuccess: '/msas/settings/subscriptions?checkout=success',
  checkoutCancel: '/msas/settings/subscriptions?checkout=cancel',
  portal: '/msas/settings/billing',
} as const;

/** The public product list; billing_enabled says whether the server has Stripe at all. */
export async function fetchProducts(signal?: AbortSignal): Promise<ProductList> {
  return call(billingOps.products, {}, { signal });
}

/** The organization's subscription, or null before its first checkout. */
export async function fetchSubscription(signal?: AbortSignal): Promise<Subscription | null> {
  const { data } = await call(billingOps.subscriptions, {}, { signal });
  return data[0] ?? null;
}

export async function fetchInvoices(page: number, signal?: AbortSignal): Promise<InvoicePage> {
  return call(billingOps.invoices, { query: { page } }, { signal });
}

/** end_trial, cancel and resume all answer the reloaded subscription. */
export async function changeSubscription(action: 'end_trial' | 'cancel' | 'resume'): Promise<Subscription> {
  return (await call(changes[action], { body: {} })).data;
}

export async function createCheckout(price: string): Promise<CheckoutPage> {
  const body: CheckoutBody = {
    price,
    success_url: returnPaths.checkoutSuccess,
    cancel_url: returnPaths.checkoutCancel,
  };
  return call(billingOps.checkout, { body });
}

export async function createPortal(): Promise<PortalPage> {
  return call(billingOps.portal, { body: { return_url: returnPaths.portal } });
}
