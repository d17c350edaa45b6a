import type { z } from 'zod';
import type {
  checkoutBody,
  checkoutDocument,
  invoiceListDocument,
  invoiceListQuery,
  portalDocument,
  productListDocument,
  subscriptionDocument,
  subscriptionListDocument,
} from '../../../contract/billing';
import type { Wire } from '../../../contract/casing';
import { api, apiBase } from '../../api/client';

// Payments under /api/pg (spec section 7); every shape is the contract's (contract/billing.ts).
const payments = `${apiBase.pg}/payments`;
const subscriptionsUrl = `${payments}/subscriptions/`;

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
  return (await api.get<ProductList>(`${payments}/products/`, { public: true, signal })).data;
}

/** The organization's subscription, or null before its first checkout. */
export async function fetchSubscription(signal?: AbortSignal): Promise<Subscription | null> {
  const { data } = await api.get<Wire<typeof subscriptionListDocument>>(subscriptionsUrl, { signal });
  return data.data[0] ?? null;
}

export async function fetchInvoices(page: number, signal?: AbortSignal): Promise<InvoicePage> {
  return (
    await api.get<InvoicePage>(`${payments}/invoices/`, {
      params: { page } satisfies z.input<typeof invoiceListQuery>,
      signal,
    })
  ).data;
}

/** end_trial, cancel and resume all answer the reloaded subscription. */
export async function changeSubscription(action: 'end_trial' | 'cancel' | 'resume'): Promise<Subscription> {
  const url = `${subscriptionsUrl}${action}/`;
  return (await api.post<Wire<typeof subscriptionDocument>>(url, {})).data.data;
}

export async function createCheckout(price: string): Promise<CheckoutPage> {
  const body: CheckoutBody = {
    price,
    success_url: returnPaths.checkoutSuccess,
    cancel_url: returnPaths.checkoutCancel,
  };
  return (await api.post<CheckoutPage>(`${payments}/checkout/`, body)).data;
}

export async function createPortal(): Promise<PortalPage> {
  return (await api.post<PortalPage>(`${payments}/portal/`, { return_url: returnPaths.portal })).data;
}
