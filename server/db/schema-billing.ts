import type { ColumnType, Generated } from 'kysely';

// Table types of migrations/0050_billing.ts, merged into the Database type in schema.ts.
type Json<T> = ColumnType<T, string, string>;
type Moment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Updated = ColumnType<Date, Date | string | undefined, Date | string>;

export type StoredPrice = {
  id: string;
  currency: string;
  unit_amount: number | null;
  interval: string | null;
  interval_count: number | null;
};
export type StoredCard = { brand: string; last4: string; exp_month: number; exp_year: number };

export type BillingSubscriptionsTable = {
  organization_id: number;
  id: Generated<number>;
  stripe_subscription_id: string;
  stripe_customer_id: string;
  status: string;
  product_id: string | null;
  product_name: string | null;
  price: Json<StoredPrice | null>;
  benefits: Json<Record<string, number>>;
  payment_method: Json<StoredCard | null>;
  current_period_start: Moment;
  current_period_end: Moment;
  trial_end: Moment;
  cancel_at_period_end: boolean;
  canceled_at: Moment;
  ended_at: Moment;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: Updated;
};

export type BillingInvoicesTable = {
  organization_id: number;
  stripe_invoice_id: string;
  stripe_subscription_id: string | null;
  number: string | null;
  status: string;
  currency: string;
  amount_due: number;
  amount_paid: number;
  created: ColumnType<Date, Date | string, Date | string>;
  period_start: Moment;
  period_end: Moment;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  updated_at: Updated;
};

export type StripeEventsTable = {
  id: string;
  type: string;
  created: ColumnType<Date, Date | string, Date | string>;
  received_at: ColumnType<Date, Date | string | undefined, never>;
  processed_at: Moment;
};

export type BillingTables = {
  billing_subscriptions: BillingSubscriptionsTable;
  billing_invoices: BillingInvoicesTable;
  stripe_events: StripeEventsTable;
};
