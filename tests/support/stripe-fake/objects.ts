import type Stripe from 'stripe';

// The objects the fake keeps, each the subset of the SDK's own type that msas reads: a field the fake spells
// or types differently from Stripe fails the typecheck here, which is what keeps the fake honest.
export type FakeProduct = Pick<
  Stripe.Product,
  | 'id'
  | 'object'
  | 'active'
  | 'created'
  | 'updated'
  | 'default_price'
  | 'description'
  | 'livemode'
  | 'metadata'
  | 'name'
  | 'images'
  | 'type'
  | 'url'
>;
export type FakePrice = Pick<
  Stripe.Price,
  | 'id'
  | 'object'
  | 'active'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'lookup_key'
  | 'metadata'
  | 'nickname'
  | 'product'
  | 'type'
  | 'unit_amount'
  | 'billing_scheme'
> & {
  recurring: Pick<Stripe.Price.Recurring, 'interval' | 'interval_count' | 'usage_type' | 'meter'> | null;
};
export type FakeCustomer = Pick<
  Stripe.Customer,
  | 'id'
  | 'object'
  | 'created'
  | 'email'
  | 'name'
  | 'metadata'
  | 'livemode'
  | 'description'
  | 'balance'
  | 'default_source'
  | 'shipping'
> & { invoice_settings: Pick<Stripe.Customer.InvoiceSettings, 'default_payment_method'> };
export type FakePaymentMethod = Pick<
  Stripe.PaymentMethod,
  'id' | 'object' | 'created' | 'customer' | 'livemode' | 'metadata' | 'type'
> & {
  card: Pick<Stripe.PaymentMethod.Card, 'brand' | 'last4' | 'exp_month' | 'exp_year' | 'country' | 'funding'>;
  /** Not on the wire: charges to this card fail (Stripe's test card 4000 0000 0000 0341). */
  _declines: boolean;
};
export type FakeSubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  | 'id'
  | 'object'
  | 'created'
  | 'current_period_start'
  | 'current_period_end'
  | 'metadata'
  | 'quantity'
  | 'subscription'
  | 'discounts'
> & { price: FakePrice };
export type FakeSubscription = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'created'
  | 'customer'
  | 'status'
  | 'start_date'
  | 'trial_start'
  | 'trial_end'
  | 'cancel_at_period_end'
  | 'cancel_at'
  | 'canceled_at'
  | 'ended_at'
  | 'currency'
  | 'latest_invoice'
  | 'livemode'
  | 'metadata'
  | 'default_payment_method'
  | 'billing_cycle_anchor'
  | 'collection_method'
  | 'description'
> & {
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: boolean; url: string };
  /** Not on the wire: customer.subscription.trial_will_end was sent for this trial. */
  _trial_warned: boolean;
};
export type FakeInvoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'created'
  | 'customer'
  | 'number'
  | 'status'
  | 'currency'
  | 'amount_due'
  | 'amount_paid'
  | 'amount_remaining'
  | 'total'
  | 'subtotal'
  | 'attempt_count'
  | 'attempted'
  | 'billing_reason'
  | 'collection_method'
  | 'hosted_invoice_url'
  | 'invoice_pdf'
  | 'livemode'
  | 'metadata'
  | 'period_start'
  | 'period_end'
  | 'next_payment_attempt'
  | 'customer_email'
  | 'status_transitions'
  | 'effective_at'
  | 'due_date'
> & {
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Stripe.Metadata | null };
  };
  confirmation_secret: { client_secret: string; type: string } | null;
};
export type FakeCheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'created'
  | 'expires_at'
  | 'mode'
  | 'status'
  | 'payment_status'
  | 'url'
  | 'success_url'
  | 'cancel_url'
  | 'customer'
  | 'customer_email'
  | 'client_reference_id'
  | 'subscription'
  | 'metadata'
  | 'livemode'
  | 'currency'
  | 'amount_total'
  | 'amount_subtotal'
  | 'invoice'
> & {
  /** Not on the wire: what the hosted page needs to start the subscription. */
  _line: { price: string; quantity: number };
  _trial_days: number | null;
  _subscription_metadata: Stripe.Metadata;
};
export type FakePortalSession = Pick<
  Stripe.BillingPortal.Session,
  | 'id'
  | 'object'
  | 'created'
  | 'customer'
  | 'livemode'
  | 'return_url'
  | 'url'
  | 'configuration'
  | 'locale'
  | 'on_behalf_of'
  | 'flow'
>;
export type FakeEvent = Pick<
  Stripe.Event,
  'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks'
> & {
  type: Stripe.Event.Type;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  request: { id: string | null; idempotency_key: string | null };
};

export type FakeObject =
  | FakeProduct
  | FakePrice
  | FakeCustomer
  | FakePaymentMethod
  | FakeSubscription
  | FakeInvoice
  | FakeCheckoutSession
  | FakePortalSession
  | FakeEvent;

/** The JSON an object answers with: the fake's private fields (leading underscore) left out. */
export function wire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(wire);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !k.startsWith('_'))
      .map(([k, v]) => [k, wire(v)]),
  );
}
