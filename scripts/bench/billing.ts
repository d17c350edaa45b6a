// npm run bench:billing -- [--orgs 250] [--months 6] [--deliveries 10000]
// Stripe webhooks at volume (docs/BILLING.md, "Webhooks"): on PGlite by default, on PostgreSQL when
// DATABASE_URL is set (a scratch database of its own there). The Stripe-shaped fake (tests/support/stripe-fake)
// runs `orgs` subscriptions through Checkout and `months` of its clock: renewals, a declined card for every
// fifth organization (past_due, retries, canceled), a cancellation at the period's end for every seventh and
// an immediate one for every eleventh of the others. Every event it emitted is then delivered to the real webhook route
// (signature, event record, re-read from the fake, sync), shuffled, with duplicates, `deliveries` in all.
// Asserts that msas converged to the fake's state (every subscription, invoice and organization status) and
// prints p50/p95/max of the handling time per delivery (the route as app.inject sees it, the fake's answers
// on loopback included).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Stripe from 'stripe';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { claimStatusOf } from '../../server/modules/billing/subscriptions/plan';
import { currentSubscription } from '../../server/modules/billing/repo';
import { handledEvents } from '../../server/modules/billing/stripe/webhook';
import { startStripeFake } from '../../tests/support/stripe-fake';
import { shuffle } from '../../tests/support/stripe-fake/webhooks';
import { timedContext } from './app-context';
import { withScratchDatabase } from './scratch-database';

const { values } = parseArgs({
  options: {
    orgs: { type: 'string', default: '250' },
    months: { type: 'string', default: '6' },
    deliveries: { type: 'string', default: '10000' },
  },
});
const orgs = Number(values.orgs);
const months = Number(values.months);
const total = Number(values.deliveries);
const day = 86_400;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function run(databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-bench-billing-'));
  const fake = await startStripeFake();
  const handle = await openDatabase({ databaseUrl, dataDir });
  // The app's statements are timed: a delivery's time splits into the database's and the rest (the SDK, the
  // fake's answers, the route).
  const { ctx, timer } = timedContext(dataDir, handle, {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    STRIPE_SECRET_KEY: fake.apiKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_BASE: fake.url,
  });
  try {
    await migrateToLatest(handle.db);
    const app = await buildApp(ctx);
    await app.ready();

    // Stripe's side: products, one Checkout per organization, then the clock.
    let t = performance.now();
    const stripe = new Stripe(fake.apiKey, { ...fake.sdk, maxNetworkRetries: 0 });
    const product = await stripe.products.create({ name: 'Team', metadata: { domains: '25' } });
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'eur',
      unit_amount: 1500,
      recurring: { interval: 'month' },
    });
    const ids = (
      await handle.db
        .insertInto('organizations')
        .values(Array.from({ length: orgs }, (_, i) => ({ name: `Billing bench ${i}`, benefits: '{}' })))
        .returning('id')
        .execute()
    ).map((r) => r.id);
    const subscriptions: string[] = [];
    for (const id of ids) {
      const customer = await stripe.customers.create({ metadata: { organization: String(id) } });
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        client_reference_id: String(id),
        line_items: [{ price: price.id, quantity: 1 }],
        subscription_data: { metadata: { organization: String(id) } },
        success_url: 'http://app.test/ok',
        cancel_url: 'http://app.test/no',
      });
      subscriptions.push(fake.payCheckout(session.id).subscription as string);
    }
    for (const [i, sub] of subscriptions.entries()) {
      if (i % 5 === 0) fake.declineCards((await stripe.subscriptions.retrieve(sub)).customer as string);
      else if (i % 7 === 0) await stripe.subscriptions.update(sub, { cancel_at_period_end: true });
    }
    for (let m = 0; m < months; m += 1) {
      fake.advance(31 * day);
      for (const [i, sub] of subscriptions.entries())
        if (i % 11 === 1 && i % 5 !== 0 && i % 7 !== 0 && m === Math.floor(months / 2))
          await stripe.subscriptions.cancel(sub);
    }
    const events = fake.events();
    const handled = events.filter((e) => handledEvents.has(e.type));
    if (handled.length > total)
      throw new Error(`${handled.length} events for ${total} deliveries: fewer --orgs or --months`);
    // Every event once, the rest duplicates of random ones, all in a random order.
    const list = shuffle([
      ...handled,
      ...Array.from(
        { length: total - handled.length },
        () => handled[Math.floor(Math.random() * handled.length)]!,
      ),
    ]);
    console.log(
      `fake: ${orgs} subscriptions over ${months} months, ${events.length} events (${handled.length} of the handled types), ${list.length} deliveries in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    // msas's side: each delivery signed as Stripe signs it when sending, then handled by the route.
    const times: number[] = [];
    const dbTimes: number[] = [];
    let statements = 0;
    const stripeCalls = fake.requests.length;
    const outcomes = new Map<string, number>();
    t = performance.now();
    for (const event of list) {
      const [d] = fake.deliveries([event]);
      timer.reset();
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/pg/stripe/webhook/',
        headers: d!.headers,
        payload: d!.payload,
      });
      times.push(performance.now() - started);
      const db = timer.read();
      dbTimes.push(db.ms);
      statements += db.statements;
      if (res.statusCode !== 200) throw new Error(`${event.id} ${event.type}: ${res.statusCode} ${res.body}`);
      const outcome = res.json<{ outcome: string }>().outcome;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    const wall = performance.now() - t;
    times.sort((a, b) => a - b);
    dbTimes.sort((a, b) => a - b);
    console.log(
      `handled ${list.length} deliveries in ${(wall / 1000).toFixed(1)} s (${[...outcomes].map(([k, v]) => `${v} ${k}`).join(', ')})`,
    );
    console.log(
      `per delivery: p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
    );
    console.log(
      `  of which the database: p50 ${quantile(dbTimes, 0.5).toFixed(1)} ms, p95 ${quantile(dbTimes, 0.95).toFixed(1)} ms (${(statements / list.length).toFixed(1)} statements and ${((fake.requests.length - stripeCalls) / list.length).toFixed(2)} Stripe calls a delivery)`,
    );

    // Converged: every row says what the fake holds now.
    const problems: string[] = [];
    const statuses = new Map<string, number>();
    for (const sub of fake.store.all('subscription')) {
      statuses.set(sub.status, (statuses.get(sub.status) ?? 0) + 1);
      const item = sub.items.data[0]!;
      const row = await handle.db
        .selectFrom('billing_subscriptions')
        .selectAll()
        .where('stripe_subscription_id', '=', sub.id)
        .executeTakeFirst();
      const want = {
        status: sub.status,
        cancel_at_period_end: sub.cancel_at_period_end,
        current_period_end: item.current_period_end,
      };
      const got = row && {
        status: row.status,
        cancel_at_period_end: row.cancel_at_period_end,
        current_period_end: row.current_period_end ? row.current_period_end.getTime() / 1000 : null,
      };
      if (JSON.stringify(got) !== JSON.stringify(want))
        problems.push(`${sub.id}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
    }
    let invoices = 0;
    for (const invoice of fake.store.all('invoice')) {
      invoices += 1;
      const row = await handle.db
        .selectFrom('billing_invoices')
        .select(['status', 'amount_paid'])
        .where('stripe_invoice_id', '=', invoice.id!)
        .executeTakeFirst();
      if (row?.status !== invoice.status || row.amount_paid !== invoice.amount_paid)
        problems.push(`${invoice.id}: ${JSON.stringify(row)} != ${invoice.status}/${invoice.amount_paid}`);
    }
    for (const id of ids) {
      const org = await handle.db
        .selectFrom('organizations')
        .select('subscription_status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const current = await currentSubscription(handle.db, id);
      const want = current ? claimStatusOf(current.status) : null;
      if (org.subscription_status !== want)
        problems.push(`organization ${id}: ${org.subscription_status} != ${want}`);
    }
    if (problems.length)
      throw new Error(`not converged (${problems.length}):\n${problems.slice(0, 20).join('\n')}`);
    console.log(
      `converged: ${fake.store.all('subscription').length} subscriptions (${[...statuses].map(([k, v]) => `${v} ${k}`).join(', ')}), ${invoices} invoices, ${ids.length} organizations match the fake`,
    );
    await app.close();
  } finally {
    await handle.close();
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`);
if (process.env.DATABASE_URL) {
  console.log('database: PostgreSQL (a scratch database on DATABASE_URL)');
  await withScratchDatabase('bench_billing', (url) => run(url));
} else {
  console.log('database: PGlite');
  await run(undefined);
}
