import { changed, emit } from './events';
import { StripeFakeError } from './errors';
import type { FakeCustomer, FakeInvoice, FakePaymentMethod, FakePrice, FakeSubscription } from './objects';
import type { Store } from './store';

// What Stripe Billing does to customers, subscriptions and invoices, reduced to what msas depends on: a trial,
// a charge per period, Smart-Retries-like dunning, cancellation now or at the period's end.
export type EngineSettings = {
  /** Days between retries of a failed renewal, and how many retries before giving up. */
  retryDays: number;
  retries: number;
  /** What a subscription becomes when the retries are spent (Billing settings, "Manage failed payments"). */
  afterRetries: 'canceled' | 'unpaid';
};

export const declineCard = '4000000000000341';
const day = 86_400;

export function addInterval(from: number, price: FakePrice): number {
  const r = price.recurring;
  const count = r?.interval_count ?? 1;
  const d = new Date(from * 1000);
  switch (r?.interval ?? 'month') {
    case 'day':
      return from + count * day;
    case 'week':
      return from + count * 7 * day;
    case 'year':
      d.setUTCFullYear(d.getUTCFullYear() + count);
      return Math.floor(d.getTime() / 1000);
    default:
      d.setUTCMonth(d.getUTCMonth() + count);
      return Math.floor(d.getTime() / 1000);
  }
}

export class Engine {
  constructor(
    readonly store: Store,
    /** Where the hosted pages are; set once the server listens. */
    public baseUrl: string,
    readonly settings: EngineSettings,
  ) {}

  createCustomer(fields: { email?: string | null; name?: string | null; metadata?: Record<string, string> }) {
    const customer = this.store.put<FakeCustomer>({
      id: this.store.id('cus'),
      object: 'customer',
      created: this.store.now,
      email: fields.email ?? null,
      name: fields.name ?? null,
      metadata: fields.metadata ?? {},
      livemode: false,
      description: null,
      balance: 0,
      default_source: null,
      shipping: null,
      invoice_settings: { default_payment_method: null },
    });
    emit(this.store, 'customer.created', customer);
    return customer;
  }

  /** A card (Stripe's test numbers: 4242... pays, 4000 0000 0000 0341 attaches and then declines). */
  attachCard(customer: FakeCustomer, number: string): FakePaymentMethod {
    const digits = number.replace(/\s+/g, '');
    if (!/^\d{12,19}$/.test(digits))
      throw new StripeFakeError(
        402,
        'card_error',
        'Your card number is incorrect.',
        'incorrect_number',
        'number',
      );
    const pm = this.store.put<FakePaymentMethod>({
      id: this.store.id('pm'),
      object: 'payment_method',
      created: this.store.now,
      customer: customer.id,
      livemode: false,
      metadata: {},
      type: 'card',
      card: {
        brand: digits.startsWith('5') ? 'mastercard' : 'visa',
        last4: digits.slice(-4),
        exp_month: 12,
        exp_year: new Date(this.store.now * 1000).getUTCFullYear() + 3,
        country: 'US',
        funding: 'credit',
      },
      _declines: digits === declineCard,
    });
    const before = { invoice_settings: { ...customer.invoice_settings } };
    customer.invoice_settings.default_payment_method = pm.id;
    emit(this.store, 'payment_method.attached', pm);
    emit(this.store, 'customer.updated', customer, changed(before, customer));
    return pm;
  }

  startSubscription(input: {
    customer: FakeCustomer;
    price: FakePrice;
    quantity: number;
    trialDays: number | null;
    metadata: Record<string, string>;
    paymentMethod: string | null;
    incomplete: boolean;
  }): FakeSubscription {
    const { store } = this;
    const now = store.now;
    const trialEnd = input.trialDays ? now + input.trialDays * day : null;
    const periodEnd = trialEnd ?? addInterval(now, input.price);
    const id = store.id('sub');
    const sub = store.put<FakeSubscription>({
      id,
      object: 'subscription',
      created: now,
      customer: input.customer.id,
      status: trialEnd ? 'trialing' : 'incomplete',
      start_date: now,
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      currency: input.price.currency,
      latest_invoice: null,
      livemode: false,
      metadata: input.metadata,
      default_payment_method: input.paymentMethod,
      billing_cycle_anchor: periodEnd,
      collection_method: 'charge_automatically',
      description: null,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: [
          {
            id: store.id('si'),
            object: 'subscription_item',
            created: now,
            current_period_start: now,
            current_period_end: periodEnd,
            metadata: {},
            quantity: input.quantity,
            subscription: id,
            discounts: [],
            price: input.price,
          },
        ],
      },
      _trial_warned: false,
    });
    emit(store, 'customer.subscription.created', sub);
    const amount = trialEnd ? 0 : (input.price.unit_amount ?? 0) * input.quantity;
    const invoice = this.invoice(sub, amount, 'subscription_create');
    if (input.incomplete && amount > 0) {
      invoice.confirmation_secret = {
        client_secret: `${invoice.id}_secret_${store.id('pm').slice(3)}`,
        type: 'payment_intent',
      };
      return sub;
    }
    this.charge(sub, invoice);
    return sub;
  }

  /** A finalized (open) invoice for the subscription's current item period. */
  invoice(sub: FakeSubscription, amount: number, reason: FakeInvoice['billing_reason']): FakeInvoice {
    const { store } = this;
    const customer = store.get('customer', sub.customer as string);
    const seq = (store.invoiceNumbers.get(customer.id) ?? 0) + 1;
    store.invoiceNumbers.set(customer.id, seq);
    const item = sub.items.data[0]!;
    const id = store.id('in');
    const invoice = store.put<FakeInvoice>({
      id,
      object: 'invoice',
      created: store.now,
      customer: customer.id,
      customer_email: customer.email,
      number: `${customer.id.slice(4, 12).toUpperCase()}-${String(seq).padStart(4, '0')}`,
      status: 'open',
      currency: sub.currency,
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      total: amount,
      subtotal: amount,
      attempt_count: 0,
      attempted: false,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      hosted_invoice_url: `${this.baseUrl}/invoices/${id}`,
      invoice_pdf: `${this.baseUrl}/invoices/${id}/pdf`,
      livemode: false,
      metadata: {},
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      next_payment_attempt: store.now,
      status_transitions: {
        finalized_at: store.now,
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      effective_at: store.now,
      due_date: null,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
      confirmation_secret: null,
    });
    sub.latest_invoice = id;
    emit(store, 'invoice.created', invoice);
    emit(store, 'invoice.finalized', invoice);
    return invoice;
  }

  private card(sub: FakeSubscription): FakePaymentMethod | undefined {
    const customer = this.store.get('customer', sub.customer as string);
    const id =
      (sub.default_payment_method as string | null) ??
      (customer.invoice_settings.default_payment_method as string | null);
    return id ? this.store.get('payment_method', id) : undefined;
  }

  /** Charges an open invoice; the subscription's status follows (active, or past_due on a decline). */
  charge(sub: FakeSubscription, invoice: FakeInvoice): boolean {
    const { store } = this;
    const before = { ...sub };
    const card = this.card(sub);
    const paid = invoice.amount_due === 0 || (card !== undefined && !card._declines);
    invoice.attempt_count += 1;
    invoice.attempted = true;
    if (paid) {
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      invoice.amount_remaining = 0;
      invoice.next_payment_attempt = null;
      invoice.status_transitions.paid_at = store.now;
      if (sub.status !== 'trialing') sub.status = 'active';
      emit(store, 'invoice.paid', invoice);
      emit(store, 'invoice.payment_succeeded', invoice);
    } else {
      const spent = invoice.attempt_count > this.settings.retries;
      invoice.next_payment_attempt = spent ? null : store.now + this.settings.retryDays * day;
      if (sub.status !== 'incomplete') sub.status = spent ? this.settings.afterRetries : 'past_due';
      emit(store, 'invoice.payment_failed', invoice);
      if (spent && sub.status === 'canceled') {
        invoice.status = 'uncollectible';
        invoice.status_transitions.marked_uncollectible_at = store.now;
        this.end(sub, before);
        return false;
      }
    }
    const diff = changed(before, sub);
    if (diff) emit(store, 'customer.subscription.updated', sub, diff);
    return paid;
  }

  /** Ends a subscription now (customer.subscription.deleted). */
  end(sub: FakeSubscription, before: Record<string, unknown> = { ...sub }) {
    const { store } = this;
    sub.status = 'canceled';
    sub.ended_at = store.now;
    sub.canceled_at ??= store.now;
    for (const invoice of store.all('invoice'))
      if (invoice.parent.subscription_details.subscription === sub.id && invoice.status === 'open')
        invoice.next_payment_attempt = null;
    emit(store, 'customer.subscription.deleted', sub, changed(before, sub));
  }

  /** trial_end=now, or the trial's end on the clock: the first paid period starts. */
  endTrial(sub: FakeSubscription) {
    const item = sub.items.data[0]!;
    const before = { ...sub, items: structuredClone(sub.items) };
    sub.trial_end = this.store.now;
    item.current_period_start = this.store.now;
    item.current_period_end = addInterval(this.store.now, item.price);
    sub.billing_cycle_anchor = item.current_period_end;
    sub.status = 'active';
    const invoice = this.invoice(
      sub,
      (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
      'subscription_cycle',
    );
    // One customer.subscription.updated for the new period; charge() reports a decline with another.
    emit(this.store, 'customer.subscription.updated', sub, changed(before, sub));
    this.charge(sub, invoice);
  }

  /** The period's end: a cancelled-at-period-end subscription ends, any other renews and is charged. */
  renew(sub: FakeSubscription) {
    if (sub.cancel_at_period_end) return this.end(sub);
    const item = sub.items.data[0]!;
    const before = { ...sub, items: structuredClone(sub.items) };
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(item.current_period_start, item.price);
    emit(this.store, 'customer.subscription.updated', sub, changed(before, sub));
    if (sub.status === 'unpaid') return;
    this.charge(
      sub,
      this.invoice(sub, (item.price.unit_amount ?? 0) * (item.quantity ?? 1), 'subscription_cycle'),
    );
  }
}
