import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage } from '../support/browser';
import { ensureBuilt } from '../support/build';
import { tr, type Lang } from '../support/locales';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { startServer, type RunningServer } from '../support/server';
import { startStripeFake, type StripeFake } from '../support/stripe-fake';
import { choosePreference, fillLogin, homePath, waitForHeading } from '../support/ui';

// In Chromium: a client signs up, starts the plan's trial through the Stripe-shaped fake's hosted
// Checkout (tests/support/stripe-fake), sees the trial banner count down, ends the trial and pays, finds the
// invoice and the portal on Settings → Billing; then the card declines until Stripe cancels, and every page but
// the subscription ones sends the user to Settings → Subscriptions with the spec's toast. Both pages in English
// and Portuguese, both themes, axe, no sideways scroll at 390 px. Screenshots in /tmp/shots-billing-ui/.

const shotsDir = '/tmp/shots-billing-ui';
const day = 86_400;
const owner = {
  name: 'Rita Paz',
  username: 'rita-billing',
  email: 'rita@billing.test',
  password: 'Billing-walk-2026!',
};
const subscriptionsPath = '/msas/settings/subscriptions';
const billingPath = '/msas/settings/billing';

let mailbox: Mailbox;
let fake: StripeFake;
let server: RunningServer;
let origin: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const b = (lang: Lang, key: string, vars: Record<string, string> = {}) => tr(lang, 'billing', key, vars);
const menu = (lang: Lang, key: string) => tr(lang, 'menu', `pages.${key}`);
const money = (cents: number, currency: string, lang: Lang) =>
  new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en-US', { style: 'currency', currency }).format(
    cents / 100,
  );
const date = (unix: number, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en-US', { dateStyle: 'medium' }).format(unix * 1000);

/** The fake's webhooks since `from`, delivered to the app as Stripe would (signed, in the order they happened). */
async function deliver(from: number) {
  const statuses = await fake.deliver(`${server.url}/api/pg/stripe/webhook/`, fake.events(from));
  expect(statuses.every((s) => s === 200)).toBe(true);
}

/** Screenshots at 1280 and 390 px first (to look at even when a check fails); then axe on the wide page, and
 *  at 390 px the page must not scroll sideways. */
async function check(name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shotsDir}/${name}-390.png`, fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shotsDir}/${name}-1280.png`, fullPage: true });
  expect(width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
}

async function open(path: string, heading: string) {
  await page.goto(path);
  await waitForHeading(page, heading);
}

beforeAll(async () => {
  ensureBuilt();
  fake = await startStripeFake();
  const stripe = new Stripe(fake.apiKey, { ...fake.sdk, maxNetworkRetries: 0 });
  const team = await stripe.products.create({
    name: 'Team',
    description: 'For a company and its brands',
    metadata: { trial_days: '14', domains: '25', alerts: '10', dns_zones: '5' },
  });
  for (const [currency, unit_amount] of [
    ['usd', 1900],
    ['brl', 9900],
  ] as const)
    await stripe.prices.create({ product: team.id, currency, unit_amount, recurring: { interval: 'month' } });

  mailbox = await startMailbox();
  server = await startServer({
    SMTP_URL: mailbox.url,
    MAIL_FROM: 'msas@billing.test',
    STRIPE_SECRET_KEY: fake.apiKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_BASE: fake.url,
  });
  // Stripe returns the browser to PUBLIC_URL's origin, by default http://localhost:<port>: the browser uses
  // that origin too, or its session (localStorage) would not be there when it comes back.
  origin = `http://localhost:${server.port}`;
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, origin));
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await fake?.close();
  await mailbox?.close();
});

describe('billing: sign-up → trial → checkout → paid → cancelled', { timeout: 60_000 }, () => {
  it('a new client signs up and finds the plans with their prices', async () => {
    const account = (key: string) => tr('en', 'account', key);
    await page.goto('/signup');
    await waitForHeading(page, account('signup.title'));
    await page.getByLabel(account('signup.name')).fill(owner.name);
    await page.getByLabel(account('signup.username')).fill(owner.username);
    await page.getByLabel(account('signup.email')).fill(owner.email);
    await page.locator('#signup-password').fill(owner.password);
    await page.getByRole('button', { name: account('signup.submit') }).click();
    await page.getByText(account('signup.sent')).waitFor();
    await page.goto(await mailbox.link(owner.email, '/confirm-registration'));
    await page.getByText(account('verify.success')).waitFor();
    await page.goto('/login');
    await fillLogin(page, owner.username, owner.password);
    await page.waitForURL((url) => url.pathname === homePath);
    // A self-registered organization's free days (BILLING_TRIAL_DAYS, 14) count down and lead to the plans.
    const free = page.getByRole('region', { name: b('en', 'banner.label') });
    await free.getByText(b('en', 'banner.trial_other', { count: '14' })).waitFor();
    await free.getByRole('link', { name: b('en', 'banner.choosePlan') }).waitFor();

    // Before any plan: no card, no invoice, and the way to a plan rather than to a portal with no account.
    await open(billingPath, menu('en', 'billing'));
    await page.getByText(b('en', 'invoices.empty')).waitFor();
    await page.getByText(b('en', 'payment.none')).waitFor();
    await page
      .locator('#main-content')
      .getByRole('link', { name: b('en', 'payment.choosePlan') })
      .waitFor();
    await check('billing-empty-en-primary');

    await open(subscriptionsPath, menu('en', 'subscriptions'));
    await page.getByText(b('en', 'current.none')).waitFor();
    const plan = page.getByRole('listitem', { name: 'Team' });
    await expect(plan.innerText()).resolves.toContain(b('en', 'products.trialDays_other', { count: '14' }));
    const price = `${money(1900, 'usd', 'en')} / ${b('en', 'interval.month_one')}`;
    await plan
      .getByRole('button', { name: b('en', 'products.chooseLabel', { plan: 'Team', price }) })
      .waitFor();
    await check('subscriptions-none-en-primary');
  });

  it("checks out on Stripe's hosted page and comes back to a trial with its countdown", async () => {
    const from = fake.mark();
    await page.getByRole('button', { name: new RegExp(b('en', 'products.choose', { price: '' })) }).click();
    await page.waitForURL((url) => url.origin === fake.url);
    await page.getByRole('heading', { name: 'Subscribe to Team' }).waitFor();
    await page.getByRole('button', { name: 'Start trial' }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname === subscriptionsPath);
    await page
      .getByRole('status')
      .filter({ hasText: b('en', 'checkout.success') })
      .waitFor();
    // Stripe's webhooks come after the browser is back: the page waits for them.
    await deliver(from);
    const current = page.getByRole('region', { name: b('en', 'current.title') });
    await current.getByText(b('en', 'status.trialing'), { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByText(b('en', 'checkout.active')).waitFor();
    expect(new URL(page.url()).search).toBe('');
    const subscription = fake.store.all('subscription')[0]!;
    // Whole days between today and the trial's last day, both as UTC dates (the banner's count).
    const left = Math.floor(subscription.trial_end! / day) - Math.floor(Date.now() / 1000 / day);
    const banner = page.getByRole('region', { name: b('en', 'banner.label') });
    await banner.getByText(b('en', 'banner.trial_other', { count: String(left) })).waitFor();
    expect(left).toBeGreaterThanOrEqual(13);
    await expect(current.innerText()).resolves.toContain(date(subscription.trial_end!, 'en'));
    await expect(banner.getByRole('link').count()).resolves.toBe(0);
    await check('subscriptions-trial-en-primary');
    // On any other page the banner counts down too and leads back to the plan.
    await page.getByRole('link', { name: menu('en', 'overview'), exact: true }).click();
    await waitForHeading(page, menu('en', 'overview'));
    await banner.getByText(b('en', 'banner.trial_other', { count: String(left) })).waitFor();
    await banner.getByRole('link', { name: b('en', 'banner.seePlan') }).click();
    await waitForHeading(page, menu('en', 'subscriptions'));
  });

  it('ends the trial: the plan is active and the banner goes', async () => {
    const from = fake.mark();
    await page.getByRole('button', { name: b('en', 'current.endTrial') }).click();
    const dialog = page.getByRole('dialog', { name: b('en', 'current.endTrialTitle') });
    await dialog.getByRole('button', { name: b('en', 'current.endTrial') }).click();
    await page.getByText(b('en', 'messages.trialEnded')).waitFor();
    await deliver(from);
    const current = page.getByRole('region', { name: b('en', 'current.title') });
    await current.getByText(b('en', 'status.active'), { exact: true }).waitFor();
    await page.getByRole('region', { name: b('en', 'banner.label') }).waitFor({ state: 'detached' });
    await expect(current.innerText()).resolves.toContain(
      `${money(1900, 'usd', 'en')} / ${b('en', 'interval.month_one')}`,
    );
    await check('subscriptions-active-en-primary');
  });

  it('Settings → Billing shows the invoice and the way to the portal and back', async () => {
    await open(billingPath, menu('en', 'billing'));
    const invoice = fake.store.all('invoice').find((i) => i.status === 'paid')!;
    const table = page.getByRole('table', { name: b('en', 'invoices.title') });
    const row = table.getByRole('row').filter({ hasText: invoice.number! });
    const text = await row.innerText();
    expect(text).toContain(date(invoice.created, 'en'));
    expect(text).toContain(money(invoice.amount_paid, 'usd', 'en'));
    expect(text).toContain(b('en', 'invoiceStatus.paid'));
    const pdf = row.getByRole('link', { name: b('en', 'invoices.pdfLabel', { number: invoice.number! }) });
    expect(await pdf.getAttribute('href')).toBe(`${fake.url}/invoices/${invoice.id}/pdf`);
    await page.getByText(b('en', 'payment.card', { brand: 'VISA', last4: '4242' })).waitFor();
    await check('billing-en-primary');

    // Keyboard: the portal button and the invoice links take focus with a visible ring.
    const portal = page.getByRole('button', { name: b('en', 'payment.portal') });
    await portal.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(portal.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(portal.evaluate((el) => getComputedStyle(el).outlineStyle)).resolves.not.toBe('none');
    await pdf.focus();
    await page.keyboard.press('Tab');
    const view = row.getByRole('link', { name: b('en', 'invoices.viewLabel', { number: invoice.number! }) });
    await expect(view.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(view.evaluate((el) => getComputedStyle(el).outlineStyle)).resolves.not.toBe('none');

    await page.getByRole('button', { name: b('en', 'payment.portal') }).click();
    await page.waitForURL((url) => url.origin === fake.url);
    await page.getByText('Payment method: visa •••• 4242').waitFor();
    await page.getByRole('link', { name: 'Return' }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname === billingPath);
    await waitForHeading(page, menu('en', 'billing'));
  });

  it('both pages in the carrier theme', async () => {
    await choosePreference(page, '#theme-switch', 'carrierTheme');
    await page.getByRole('table', { name: b('en', 'invoices.title') }).waitFor();
    await check('billing-en-carrier');
    await open(subscriptionsPath, menu('en', 'subscriptions'));
    await page.getByText(b('en', 'status.active'), { exact: true }).waitFor();
    await check('subscriptions-active-en-carrier');
  });

  it('in Portuguese, both pages read in Portuguese with pt amounts and dates', async () => {
    await choosePreference(page, '#language-switch', 'pt');
    await waitForHeading(page, menu('pt', 'subscriptions'));
    const current = page.getByRole('region', { name: b('pt', 'current.title') });
    await current.getByText(b('pt', 'status.active'), { exact: true }).waitFor();
    // The customer's currency is the subscription's, so the plan is still shown in dollars, pt-formatted.
    await expect(current.innerText()).resolves.toContain(
      `${money(1900, 'usd', 'pt')} / ${b('pt', 'interval.month_one')}`,
    );
    await check('subscriptions-active-pt-carrier');

    await open(billingPath, menu('pt', 'billing'));
    const invoice = fake.store.all('invoice').find((i) => i.status === 'paid')!;
    const row = page
      .getByRole('table', { name: b('pt', 'invoices.title') })
      .getByRole('row')
      .filter({ hasText: invoice.number! });
    const text = await row.innerText();
    expect(text).toContain(date(invoice.created, 'pt'));
    expect(text).toContain(money(invoice.amount_paid, 'usd', 'pt'));
    expect(text).toContain(b('pt', 'invoiceStatus.paid'));
    await check('billing-pt-carrier');
    await choosePreference(page, '#language-switch', 'en');
    await choosePreference(page, '#theme-switch', 'primaryTheme');
  });

  it('a declined card: past due, then cancelled, and other pages send the user to Subscriptions', async () => {
    const customer = fake.store.all('customer')[0]!.id;
    fake.declineCards(customer);
    let from = fake.mark();
    fake.advance(32 * day);
    await deliver(from);
    // The pages' subscription read notices the token's status is stale and refreshes it.
    await open(billingPath, menu('en', 'billing'));
    const banner = page.getByRole('region', { name: b('en', 'banner.label') });
    await banner.getByText(b('en', 'banner.pastDue')).waitFor();
    await check('billing-past-due-en-primary');

    from = fake.mark();
    fake.advance(12 * day);
    await deliver(from);
    await open(subscriptionsPath, menu('en', 'subscriptions'));
    await page.getByText(b('en', 'current.cancelledText')).waitFor();
    await banner.waitFor({ state: 'detached' });
    await check('subscriptions-cancelled-en-primary');

    // Account is still open to a cancelled user; the overview, reached from its menu, is not.
    await open('/msas/settings/account', menu('en', 'account'));
    await page.getByRole('link', { name: menu('en', 'overview'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === subscriptionsPath);
    await page.getByText(tr('en', 'common', 'messages.cancelledSubscription')).waitFor();
    await waitForHeading(page, menu('en', 'subscriptions'));
    await page.screenshot({ path: `${shotsDir}/redirect-cancelled-en-primary-1280.png` });
  });
});
