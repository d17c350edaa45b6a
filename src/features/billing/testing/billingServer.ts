import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { z } from 'zod';
import type { invoiceResource, productSchema, subscriptionResource } from '../../../../contract/billing';
import type { CurrentUserWire } from '../../../../contract/auth';
import { accessToken, userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { patternOf, urlOf } from '../../../api/call';
import type { OperationShape } from '../../../../contract/operation';
import { authOps } from '../../../../contract/operations/auth';
import { billingOps } from '../../../../contract/operations/billing';
import { userOps } from '../../../../contract/operations/users';

// Wire documents (snake_case, as the server sends them) typed by contract/billing.ts, and one msw server
// that records every call the billing pages make.
type ProductWire = z.input<typeof productSchema>;
type SubscriptionWire = z.input<typeof subscriptionResource>;
type InvoiceWire = z.input<typeof invoiceResource>;
export type Call = { method: string; path: string; body?: unknown };

export function productWire(over: Partial<ProductWire> = {}): ProductWire {
  return {
    id: 'prod_team',
    name: 'Team',
    description: 'For a team that watches its domains.',
    benefits: { domains: 25, campaigns: 100, campaign_recipients: 50, retention: 90, dns_zones: 5 },
    trial_days: 14,
    prices: [
      { id: 'price_team_usd', currency: 'usd', unit_amount: 4900, interval: 'month', interval_count: 1 },
      { id: 'price_team_brl', currency: 'brl', unit_amount: 24900, interval: 'month', interval_count: 1 },
    ],
    ...over,
  };
}

export function subscriptionWire(over: Partial<SubscriptionWire['attributes']> = {}): SubscriptionWire {
  return {
    type: 'subscriptions',
    id: 3,
    attributes: {
      stripe_subscription_id: 'sub_1',
      status: 'active',
      access: 'full',
      force_reload: false,
      start_date: '2026-11-01T00:00:00Z',
      end_date: '2026-12-01T00:00:00Z',
      trial_end: null,
      cancel_at_period_end: false,
      canceled_at: null,
      benefits: { domains: 25, campaigns: 100, campaign_recipients: 50, retention: 90 },
      product_id: 'prod_team',
      product_name: 'Team',
      price: {
        id: 'price_team_usd',
        currency: 'usd',
        unit_amount: 4900,
        interval: 'month',
        interval_count: 1,
      },
      payment_method: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 },
      updated_at: '2026-11-01T00:00:00Z',
      ...over,
    },
  };
}

export function invoiceWire(over: Partial<InvoiceWire['attributes']> & { id?: string } = {}): InvoiceWire {
  const { id = 'in_1', ...attributes } = over;
  return {
    type: 'invoices',
    id,
    attributes: {
      number: 'MSAS-0001',
      created: '2026-11-01T10:00:00Z',
      period_start: '2026-11-01T00:00:00Z',
      period_end: '2026-12-01T00:00:00Z',
      currency: 'usd',
      amount_due: 4900,
      amount_paid: 4900,
      status: 'paid',
      hosted_invoice_url: 'https://stripe.test/i/in_1',
      invoice_pdf: 'https://stripe.test/i/in_1.pdf',
      ...attributes,
    },
  };
}

/** What the mock server answers; tests change it (and `fail`) before they act. */
export const world = {
  calls: [] as Call[],
  fail: {} as Record<string, { status: number; body: unknown }>,
  enabled: true,
  products: [productWire()] as ProductWire[],
  subscription: subscriptionWire() as SubscriptionWire | null,
  /** What POST .../{action}/ answers. */
  changed: subscriptionWire() as SubscriptionWire,
  invoices: [invoiceWire()] as InvoiceWire[],
  user: {} as Partial<CurrentUserWire>,
  /** subscription_status of the token a refresh hands out. */
  refreshedStatus: 'active',
};

export function resetWorld() {
  Object.assign(world, {
    calls: [],
    fail: {},
    enabled: true,
    products: [productWire()],
    subscription: subscriptionWire(),
    changed: subscriptionWire(),
    invoices: [invoiceWire()],
    user: {},
    refreshedStatus: 'active',
  });
}

function record(method: string, path: string, body?: unknown) {
  world.calls.push({ method, path, body });
  const failure = world.fail[`${method} ${path}`];
  if (failure) return HttpResponse.json(failure.body as object, { status: failure.status });
  if (!world.enabled && path !== 'products') {
    return HttpResponse.json({ detail: 'Billing is not enabled on this server.' }, { status: 503 });
  }
  return null;
}

const page = <T>(data: T[]) => ({
  data,
  links: { current: null, first: null, last: null, next: null, prev: null },
  meta: { count: data.length, page: 1, page_size: 20 },
});

const at = (op: OperationShape) => `*${patternOf(op)}`;

export const billingServer = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
    HttpResponse.json(userDocument(world.user)),
  ),
  http.post(at(authOps.refresh), () => {
    world.calls.push({ method: 'POST', path: 'refresh' });
    return HttpResponse.json({ access: accessToken({ subscription_status: world.refreshedStatus }) });
  }),
  http.get(at(billingOps.products), () => {
    const products = world.enabled ? world.products : [];
    return record('GET', 'products') ?? HttpResponse.json({ billing_enabled: world.enabled, data: products });
  }),
  http.get(at(billingOps.subscriptions), () => {
    const list = world.subscription ? [world.subscription] : [];
    return record('GET', 'subscriptions') ?? HttpResponse.json(page(list));
  }),
  http.get(
    at(billingOps.invoices),
    () => record('GET', 'invoices') ?? HttpResponse.json(page(world.invoices)),
  ),
  ...(['end_trial', 'cancel', 'resume'] as const).map((action) =>
    http.post(
      at({ end_trial: billingOps.endTrial, cancel: billingOps.cancel, resume: billingOps.resume }[action]),
      async ({ request }) => {
        const failed = record('POST', action, await readJson(request));
        if (failed) return failed;
        world.subscription = world.changed;
        return HttpResponse.json({ data: world.changed });
      },
    ),
  ),
  http.post(at(billingOps.checkout), async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    return (
      record('POST', 'checkout', body) ??
      HttpResponse.json(
        {
          id: 'cs_1',
          url: 'https://stripe.test/c/cs_1',
          success_url: body.success_url,
          cancel_url: body.cancel_url,
        },
        { status: 201 },
      )
    );
  }),
  http.post(at(billingOps.portal), async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    return (
      record('POST', 'portal', body) ??
      HttpResponse.json({ url: 'https://stripe.test/p/1', return_url: body.return_url }, { status: 201 })
    );
  }),
);

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export const writes = () => world.calls.filter((c) => c.method === 'POST' && c.path !== 'refresh');

/** The hooks every billing test file shares: the server up, and a clean world, session and language after each test. */
export function serveBilling(unhandled: 'error' | 'bypass' = 'error') {
  beforeAll(() => billingServer.listen({ onUnhandledRequest: unhandled }));
  afterEach(async () => {
    billingServer.resetHandlers();
    resetWorld();
    localStorage.clear();
    vi.restoreAllMocks();
    await setLanguage('en');
  });
  afterAll(() => billingServer.close());
}
