import { completeCheckout, updateSubscription } from './api-billing';
import type { Engine } from './engine';
import { StripeFakeError } from './errors';

// The pages a browser opens: hosted Checkout (pays with a test card and returns to success_url), the customer
// portal (cancel, resume, switch plan, replace the card, return), and an invoice's hosted page and PDF.
export type Page = { status: number; headers: Record<string, string>; body: string | Buffer };

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const html = (title: string, body: string, status = 200): Page => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><main>${body}</main></body></html>`,
});
const redirect = (location: string): Page => ({ status: 303, headers: { location }, body: '' });
const money = (amount: number | null, currency: string) =>
  `${((amount ?? 0) / 100).toFixed(2)} ${currency.toUpperCase()}`;

function checkoutPage(engine: Engine, id: string, error?: string): Page {
  const s = engine.store.get('checkout.session', id);
  const price = engine.store.get('price', s._line.price);
  const product = engine.store.get('product', price.product as string);
  const trial = s._trial_days
    ? `<p>${s._trial_days}-day free trial, then ${money(price.unit_amount, price.currency)} per ${price.recurring?.interval}</p>`
    : `<p>${money(s.amount_total, price.currency)} per ${price.recurring?.interval}</p>`;
  return html(
    'Checkout',
    `<h1>Subscribe to ${esc(product.name)}</h1>${trial}${error ? `<p role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/c/pay/${esc(id)}"><label>Card number <input name="card" value="4242 4242 4242 4242"></label>
<button type="submit">${s._trial_days ? 'Start trial' : 'Subscribe'}</button></form>
${s.cancel_url ? `<a href="${esc(s.cancel_url)}">Back</a>` : ''}`,
    error ? 402 : 200,
  );
}

function portalPage(engine: Engine, id: string): Page {
  const { store } = engine;
  const session = store.get('billing_portal.session', id);
  const customer = store.get('customer', session.customer);
  const pm = customer.invoice_settings.default_payment_method
    ? store.get('payment_method', customer.invoice_settings.default_payment_method as string)
    : undefined;
  const prices = store.all('price').filter((p) => p.active && p.recurring);
  const subs = store
    .all('subscription')
    .filter(
      (s) => s.customer === customer.id && s.status !== 'canceled' && s.status !== 'incomplete_expired',
    );
  const rows = subs
    .map((s) => {
      const item = s.items.data[0]!;
      const options = prices
        .map(
          (p) =>
            `<option value="${p.id}"${p.id === item.price.id ? ' selected' : ''}>${esc(store.get('product', p.product as string).name)} ${money(p.unit_amount, p.currency)}</option>`,
        )
        .join('');
      const action = s.cancel_at_period_end
        ? `<form method="post" action="/p/session/${id}/resume"><input type="hidden" name="subscription" value="${s.id}"><button>Renew plan</button></form>`
        : `<form method="post" action="/p/session/${id}/cancel"><input type="hidden" name="subscription" value="${s.id}"><button>Cancel plan</button></form>`;
      return `<section data-subscription="${s.id}"><h2>${esc(store.get('product', item.price.product as string).name)}</h2><p>Status: ${s.status}${s.cancel_at_period_end ? ' (cancels at period end)' : ''}</p>${action}
<form method="post" action="/p/session/${id}/plan"><input type="hidden" name="subscription" value="${s.id}"><select name="price" aria-label="Plan">${options}</select><button>Update plan</button></form></section>`;
    })
    .join('');
  return html(
    'Billing portal',
    `<h1>Billing</h1><p>Payment method: ${pm ? `${pm.card.brand} •••• ${pm.card.last4}` : 'none'}</p>
<form method="post" action="/p/session/${id}/card"><label>New card <input name="card"></label><button>Update card</button></form>${rows}
${session.return_url ? `<a href="${esc(session.return_url)}">Return</a>` : ''}`,
  );
}

function invoicePage(engine: Engine, id: string, pdf: boolean): Page {
  const inv = engine.store.get('invoice', id);
  if (pdf)
    return {
      status: 200,
      headers: { 'content-type': 'application/pdf' },
      body: Buffer.from(
        `%PDF-1.4\n% invoice ${inv.number} ${money(inv.amount_due, inv.currency)} ${inv.status}\n%%EOF\n`,
      ),
    };
  return html(
    `Invoice ${inv.number}`,
    `<h1>Invoice ${esc(inv.number ?? '')}</h1><p>${money(inv.amount_due, inv.currency)} — ${inv.status}</p>`,
  );
}

/** The browser side of the fake; undefined when `path` is not one of its pages. */
export function page(engine: Engine, method: string, path: string, form: URLSearchParams): Page | undefined {
  try {
    let m = /^\/c\/pay\/(cs_\w+)$/.exec(path);
    if (m && method === 'GET') return checkoutPage(engine, m[1]!);
    if (m && method === 'POST') {
      try {
        const s = completeCheckout(engine, m[1]!, form.get('card') ?? '');
        return redirect((s.success_url ?? '/').replaceAll('{CHECKOUT_SESSION_ID}', s.id));
      } catch (e) {
        if (e instanceof StripeFakeError && e.status === 402) return checkoutPage(engine, m[1]!, e.message);
        throw e;
      }
    }
    m = /^\/p\/session\/(bps_\w+)(?:\/(cancel|resume|plan|card))?$/.exec(path);
    if (m && method === 'GET' && !m[2]) return portalPage(engine, m[1]!);
    if (m && method === 'POST' && m[2]) {
      const session = engine.store.get('billing_portal.session', m[1]!);
      const sub = form.get('subscription') ?? '';
      if (m[2] !== 'card' && engine.store.get('subscription', sub).customer !== session.customer)
        return html('Not found', 'Not found', 404);
      if (m[2] === 'cancel') updateSubscription(engine, sub, { cancel_at_period_end: 'true' });
      if (m[2] === 'resume') updateSubscription(engine, sub, { cancel_at_period_end: 'false' });
      if (m[2] === 'plan') updateSubscription(engine, sub, { items: [{ price: form.get('price') ?? '' }] });
      if (m[2] === 'card')
        engine.attachCard(engine.store.get('customer', session.customer), form.get('card') ?? '');
      return redirect(`/p/session/${m[1]}`);
    }
    m = /^\/invoices\/(in_\w+)(\/pdf)?$/.exec(path);
    if (m && method === 'GET') return invoicePage(engine, m[1]!, Boolean(m[2]));
    return undefined;
  } catch (e) {
    if (e instanceof StripeFakeError) return html('Error', esc(e.message), e.status);
    throw e;
  }
}
