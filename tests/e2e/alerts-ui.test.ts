import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from '../support/api';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt, repoRoot } from '../support/build';
import { tr, type Lang } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { loginWithPreferences, waitForHeading } from '../support/ui';

// The Alerts page in Chromium at 390 px: a rule made before a report with DMARC failures
// arrives fires on the day the report covers; the list shows it firing, the form's backtest counts the
// days, the history holds the firing; the form refuses a block-list rule on a private IP and a private
// webhook in the reader's language. Screenshots in both languages and both themes (tests/.artifacts).

const report = path.resolve(
  repoRoot,
  '..',
  'shared',
  'samples',
  'dmarc',
  'dmarc-report-visualizer/backend/test/reports/google.com!example.com!1701129600!1701215999.xml',
);
// The sample is from 2023: it is moved to begin three days ago, inside the backtest's 30 days.
const day = 86_400_000;
const begin = Math.floor(Date.now() / day) * day - 3 * day;
const recent = (xml: string) =>
  xml
    .replace(/<begin>\s*\d+\s*<\/begin>/, `<begin>${begin / 1000}</begin>`)
    .replace(/<end>\s*\d+\s*<\/end>/, `<end>${begin / 1000 + 86_399}</end>`);
const ruleName = 'DMARC failures on example.com';

let server: RunningServer;
let browser: Browser;
let ruleId = 0;

async function call(pathname: string, init: RequestInit = {}) {
  const { access } = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  return fetch(`${server.url}${pathname}`, {
    ...init,
    headers: { Authorization: `Bearer ${access}`, ...(init.headers ?? {}) },
  });
}

async function seed() {
  const domain = await call('/api/dm/domains/create/', {
    method: 'POST',
    body: new URLSearchParams({ name: 'example.com' }),
  });
  if (domain.status !== 201) throw new Error(`domain: ${domain.status}`);
  const rule = await call('/api/dm/alerts/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: ruleName,
      scope_type: 'domain',
      target_selection: 'example.com',
      condition: 'dmarc_failure_rate',
      time_frame: '7d',
      params: { threshold_percent: 1, min_messages: 1 },
      destination_addresses: ['ops@example.com'],
    }),
  });
  if (rule.status !== 201) throw new Error(`rule: ${rule.status} ${await rule.text()}`);
  ruleId = ((await rule.json()) as { data: { id: number } }).data.id;
  const form = new FormData();
  form.append('filenames', 'google.xml');
  form.append('files', new Blob([recent(readFileSync(report, 'utf8'))]), 'google.xml');
  const upload = await call('/api/dm/dmarc/reports/upload/', { method: 'POST', body: form });
  if (!upload.ok) throw new Error(`upload: ${upload.status}`);
}

/** The queue judges the rule after the ingest commits: wait for its first firing. */
async function waitForFiring() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await call(`/api/dm/alerts/${ruleId}/firings/`);
    const body = (await res.json()) as { meta: { count: number } };
    if (body.meta.count > 0) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the rule did not fire within 60 s');
}

beforeAll(async () => {
  ensureBuilt();
  server = await startServer();
  browser = await launchBrowser();
  await seed();
  await waitForFiring();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// Each language in one theme, as pages.test.ts: both languages and both themes at half the passes.
const passes: { lang: Lang; theme: 'primaryTheme' | 'carrierTheme' }[] = [
  { lang: 'en', theme: 'primaryTheme' },
  { lang: 'pt', theme: 'carrierTheme' },
];

describe.each(passes)('Alerts at 390 px in $lang with $theme', { timeout: 120_000 }, ({ lang, theme }) => {
  let context: BrowserContext;
  let page: Page;
  const a = (key: string, vars: Record<string, string> = {}) => tr(lang, 'alerts', key, vars);
  const name = `alerts-390-${lang}-${theme}`;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server.url, { width: 390, height: 844 }));
    await loginWithPreferences(page, server.adminEmail, server.adminPassword, lang, theme);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
  });

  const noSideScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  it('lists the rule firing for example.com', async () => {
    await page.goto('/msas/monitoring/alerts');
    await waitForHeading(page, tr(lang, 'menu', 'pages.alerts'));
    const table = page.getByRole('table', { name: a('list.caption') });
    await table.waitFor({ timeout: 20_000 });
    const row = table.getByRole('row').filter({ hasText: ruleName });
    await expect(row.innerText()).resolves.toContain(a('list.firingShort'));
    // Its only address waits for its owner's confirmation: the rule says it mails nobody.
    await expect(row.innerText()).resolves.toContain(a('held.mailsNobody'));
    expect(await noSideScroll()).toBe(true);
    await screenshot(page, `${name}-list`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the form counts the days the rule would have fired', async () => {
    await page.getByRole('button', { name: a('list.add') }).click();
    const dialog = page.getByRole('dialog', { name: a('form.createTitle') });
    await dialog.getByLabel(a('form.domain'), { exact: true }).fill('example.com');
    const threshold = dialog.getByLabel(`${a('params.threshold_percent')} (${a('units.percent')})`);
    await threshold.fill('1');
    await dialog.getByLabel(`${a('params.min_messages')} (${a('units.messages')})`).fill('1');
    await dialog.getByRole('list', { name: a('backtestTimeline.spans') }).waitFor({ timeout: 20_000 });
    await dialog.getByRole('region', { name: a('backtest.title') }).scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-form-backtest`);
    expect(await seriousViolations(page)).toEqual([]);
    // The timeline's day under the keyboard, its numbers in the tooltip and in the slider's value.
    const row = dialog.getByRole('slider', { name: a('backtestTimeline.row', { subject: 'example.com' }) });
    await row.focus();
    const tip = dialog.getByRole('tooltip');
    await expect(tip.innerText()).resolves.toBe(await row.getAttribute('aria-valuetext'));
    await screenshot(page, `${name}-form-backtest-day`, { fullPage: false });
    expect(await noSideScroll()).toBe(true);
    await dialog.getByRole('button', { name: a('form.cancel') }).click();
  });

  it('refuses a block-list rule on a private IP, then a private webhook, under their fields', async () => {
    await page.getByRole('button', { name: a('list.add') }).click();
    const dialog = page.getByRole('dialog', { name: a('form.createTitle') });
    await dialog.getByLabel(a('form.scopeType')).selectOption('ip');
    await dialog.getByLabel(a('form.condition')).selectOption('ip_blocklisted');
    const ip = dialog.getByLabel(a('form.ip'), { exact: true });
    await ip.fill('10.0.0.1');
    const webhook = dialog.getByLabel(a('form.webhookUrl'), { exact: true });
    await webhook.fill('http://10.0.0.2/hook');
    const focused = (field: typeof ip) => field.evaluate((el) => el === document.activeElement);
    // On a phone the refusal's toast comes up over the dialog's buttons: closed, as a reader would.
    const closeToasts = async () => {
      const close = page.getByRole('button', { name: tr(lang, 'components', 'components.toasts.close') });
      for (const button of await close.all()) await button.click();
      await expect.poll(() => page.locator('.Toastify__toast').count()).toBe(0);
    };
    // The server's refusal, worded from its code in the reader's language under the field, which takes the focus.
    await dialog.getByRole('button', { name: a('form.save') }).click();
    const range = `${a('ranges.private')} (RFC 1918)`;
    await dialog.getByText(tr(lang, 'errors', 'alert_unlisted_ip', { range }), { exact: true }).waitFor();
    expect(await focused(ip)).toBe(true);
    expect(await noSideScroll()).toBe(true);
    await screenshot(page, `${name}-form-private-ip`);
    expect(await seriousViolations(page)).toEqual([]);
    // A public (documentation) address passes; the webhook on a private one is refused next.
    await closeToasts();
    await ip.fill('192.0.2.10');
    await dialog.getByRole('button', { name: a('form.save') }).click();
    await dialog.getByText(tr(lang, 'errors', 'webhook_private'), { exact: true }).waitFor();
    expect(await focused(webhook)).toBe(true);
    await screenshot(page, `${name}-form-private-webhook`);
    await closeToasts();
    await dialog.getByRole('button', { name: a('form.cancel') }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('the history holds the firing with its values', async () => {
    // Whatever the test before left open (a failed step's form) must not hide the list.
    if (await page.getByRole('dialog').count()) await page.keyboard.press('Escape');
    await page.getByRole('button', { name: a('list.historyOf', { name: ruleName }) }).click();
    const dialog = page.getByRole('dialog', { name: a('history.title', { name: ruleName }) });
    const table = dialog.getByRole('table', { name: a('history.caption') });
    await table.waitFor({ timeout: 20_000 });
    await expect(table.innerText()).resolves.toContain('example.com');
    // The firing's follow-up: acknowledge and snooze, named for the subject, in the reader's language.
    const ack = dialog.getByRole('button', { name: a('actions.acknowledgeOf', { subject: 'example.com' }) });
    await expect(ack.first().isVisible()).resolves.toBe(true);
    await screenshot(page, `${name}-history`);
    expect(await seriousViolations(page)).toEqual([]);
    // Escape closes it, as every dialog of the console.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
