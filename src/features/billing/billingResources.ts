import type { UnknownAction } from '@reduxjs/toolkit';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import type { CurrentUser } from '../auth';
import { authActions } from '../auth';
import * as billingApi from './billingApi';
import type { InvoicePage, ProductList, Subscription } from './billingApi';
import { browserLocation } from './leave';
import { billingFailure, isBillingOff, translateBillingMessage } from './messages';
import { reloadSessionIfStale } from './session';
import './locale';

const t = (key: string) => i18n.t(key, { ns: 'billing' });
const tryLater = () => translateBillingMessage('tryLater');

/** The subscription as the pages hold it; `disabled` when the server has no Stripe (503). */
export type SubscriptionView = {
  subscription: Subscription | null;
  disabled: boolean;
  /** The current user reloaded because the token was stale, handed to the auth slice. */
  user: CurrentUser | null;
};
export type InvoicesView = { page: InvoicePage | null; disabled: boolean };
export type SubscriptionAction = 'end_trial' | 'cancel' | 'resume';

async function view(subscription: Subscription | null): Promise<SubscriptionView> {
  return { subscription, disabled: false, user: await reloadSessionIfStale(subscription) };
}

const userLoaded = (data: SubscriptionView): UnknownAction | void =>
  data.user ? authActions.currentUserSuccess(data.user) : undefined;

export const productsResource = registerResource(
  createResource<void, ProductList>({
    name: 'billingProducts',
    kind: 'read',
    request: (_p, { signal }) => billingApi.fetchProducts(signal),
    failureMessage: tryLater,
  }),
);

export const subscriptionResource = registerResource(
  createResource<void, SubscriptionView>({
    name: 'billingSubscription',
    kind: 'read',
    request: async (_p, { signal }) => {
      try {
        return await view(await billingApi.fetchSubscription(signal));
      } catch (error) {
        if (isBillingOff(error)) return { subscription: null, disabled: true, user: null };
        throw error;
      }
    },
    failureMessage: tryLater,
    onSuccess: userLoaded,
  }),
);

export const invoicesResource = registerResource(
  createResource<number, InvoicesView>({
    name: 'billingInvoices',
    kind: 'read',
    request: async (page, { signal }) => {
      try {
        return { page: await billingApi.fetchInvoices(page, signal), disabled: false };
      } catch (error) {
        if (isBillingOff(error)) return { page: null, disabled: true };
        throw error;
      }
    },
    failureMessage: tryLater,
  }),
);

const changeSuccess: Record<SubscriptionAction, string> = {
  end_trial: 'messages.trialEnded',
  cancel: 'messages.cancelled',
  resume: 'messages.resumed',
};

/** End trial, cancel at period end, resume: each answers the subscription, which replaces the page's. */
export const subscriptionChangeResource = registerResource(
  createResource<SubscriptionAction, SubscriptionView>({
    name: 'billingSubscriptionChange',
    kind: 'write',
    method: 'post',
    request: async (action) => view(await billingApi.changeSubscription(action)),
    successMessage: (_d, action) => t(changeSuccess[action]),
    // Spec section 8: cancelling has its own message; end trial shows the error's message, else the default.
    failureMessage: (error, action) =>
      action === 'cancel' ? translateBillingMessage('cancelFailed') : billingFailure(error, 'contactSupport'),
    onSuccess: (data) => [subscriptionResource.actions.change(data), userLoaded(data)].filter((a) => !!a),
  }),
);

/** Checkout of one price: the browser goes to Stripe's page, which returns to the subscriptions page. */
export const checkoutResource = registerResource(
  createResource<string, string>({
    name: 'billingCheckout',
    kind: 'write',
    method: 'post',
    request: async (price) => {
      const { url } = await billingApi.createCheckout(price);
      browserLocation.assign(url);
      return url;
    },
    failureMessage: (error) => billingFailure(error),
  }),
);

/** Stripe's customer portal: card, plan changes, cancellation; it returns to the billing page. */
export const portalResource = registerResource(
  createResource<void, string>({
    name: 'billingPortal',
    kind: 'write',
    method: 'post',
    request: async () => {
      const { url } = await billingApi.createPortal();
      browserLocation.assign(url);
      return url;
    },
    failureMessage: (error) => billingFailure(error),
  }),
);
