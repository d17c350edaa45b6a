import { readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlowSmtp, type SlowSmtp } from '../support/smtp';
import { apiLogin } from '../support/api';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { ensureBuilt, repoRoot } from '../support/build';
import { tr, type Lang } from '../support/locales';
import { startServer, type RunningServer } from '../support/server';
import { loginWithPreferences, waitForHeading } from '../support/ui';

// Monitoring → Reports in Chromium: a schedule made in the form, its preview in the page, "send
// now" received over SMTP (HTML, text and the chart's PNG), and the mail's console link opened. At 1440 px
// in English on the light theme and at 390 px in Portuguese on the dark one (screenshots in tests/.artifacts).

const report = path.resolve(
  repoRoot,
  '..',
  'shared',
  'samples',
  'dmarc',
  'dmarc-report-visualizer/backend/test/reports/google.com!example.com!1701129600!1701215999.xml',
);
// Moved to begin three days ago, inside the report's last 7 days.
const day = 86_400_000;
const begin = Math.floor(Date.now() / day) * day - 3 * day;
const recent = (xml: string) =>
  xml
    .replace(/<begin>\s*\d+\s*<\/begin>/, `<begin>${begin / 1000}</begin>`)
    .replace(/<end>\s*\d+\s*<\/end>/, `<end>${begin / 1000 + 86_399}</end>`);

/** The report, which follows the address's confirmation mail. */
async function secondMailTo(address: string) {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const mails = smtp.received.filter((m) => m.to.includes(address));
    if (mails.length >= 2) return mails[1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no report to ${address}`);
}

let server: RunningServer;
let browser: Browser;
let smtp: SlowSmtp;

async function seed() {
  const { access } = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  const call = (pathname: string, init: RequestInit) =>
    fetch(`${server.url}${pathname}`, { ...init, headers: { Authorization: `Bearer ${access}` } });
  const domain = await call('/api/dm/domains/create/', {
    method: 'POST',
    body: new URLSearchParams({ name: 'example.com' }),
  });
  if (domain.status !== 201) throw new Error(`domain: ${domain.status}`);
  const form = new FormData();
  form.append('filenames', 'google.xml');
  form.append('files', new Blob([recent(readFileSync(report, 'utf8'))]), 'google.xml');
  const upload = await call('/api/dm/dmarc/reports/upload/', { method: 'POST', body: form });
  if (!upload.ok) throw new Error(`upload: ${upload.status}`);
}

beforeAll(async () => {
  ensureBuilt();
  smtp = await startSlowSmtp(0);
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'msas@example.com' });
  browser = await launchBrowser();
  await seed();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const passes: { lang: Lang; theme: string; width: number; address: string }[] = [
  { lang: 'en', theme: 'primaryTheme', width: 1440, address: 'ops-en@example.com' },
  { lang: 'pt', theme: 'carrierTheme', width: 390, address: 'ops-pt@example.com' },
];

describe.each(passes)(
  'Reports at $width px in $lang',
  { timeout: 120_000 },
  ({ lang, theme, width, address }) => {
    let page: Page;
    const d = (key: string, vars: Record<string, string> = {}) => tr(lang, 'digests', key, vars);
    const name = `Weekly ${lang}`;
    const shot = (what: string) => screenshot(page, `digests-${width}-${lang}-${what}`);

    beforeAll(async () => {
      ({ page } = await newPage(browser, server.url, { width, height: 900 }));
      await loginWithPreferences(page, server.adminEmail, server.adminPassword, lang, theme);
    }, 60_000);

    afterAll(async () => {
      await page?.context().close();
    });

    const noSideScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

    it('creates a schedule in the form and lists it', async () => {
      await page.goto('/msas/monitoring/reports');
      await waitForHeading(page, tr(lang, 'menu', 'pages.reports'));
      await page.getByRole('button', { name: d('list.add') }).click();
      const dialog = page.getByRole('dialog', { name: d('form.createTitle') });
      await dialog.getByLabel(d('form.name'), { exact: true }).fill(name);
      await dialog.getByLabel(d('form.timeZone')).fill('Europe/Lisbon');
      await dialog.getByLabel(d('form.flags.includeAggregationByIp')).check();
      await dialog.getByLabel(d('form.addresses')).fill(address);
      await shot('form');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: d('form.save') }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page
        .getByRole('table', { name: d('list.caption') })
        .getByRole('row')
        .filter({ hasText: name });
      await expect(row.innerText()).resolves.toContain(address);
      expect(await noSideScroll()).toBe(true);
      await shot('list');
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('previews the mail in the page', async () => {
      await page.getByRole('button', { name: d('list.previewOf', { name }) }).click();
      const dialog = page.getByRole('dialog', { name: d('preview.title', { name }) });
      const frame = page.frameLocator(`iframe[title="${d('preview.frame')}"]`);
      await frame.getByRole('heading', { name, level: 1 }).waitFor({ timeout: 30_000 });
      // The chart is an image of the mail, loaded from its data: URI inside the sandboxed frame.
      const loaded = await frame
        .locator('img')
        .first()
        .evaluate((img) => (img as HTMLImageElement).naturalWidth);
      expect(loaded).toBeGreaterThan(0);
      await shot('preview');
      expect(await seriousViolations(page)).toEqual([]);
      // Escape closes it, as every dialog of the console.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it('sends now: the mail arrives with HTML, text and the chart, and its link opens the console', async () => {
      // The outside address gets mail once its owner confirmed it (recipients-ui.test.ts shows the page).
      const confirmation = await simpleParser((await smtp.waitFor(address, 30_000)).data);
      const confirmLink = new URLSearchParams(
        /\/recipient-confirmation#(\S+)/.exec(confirmation.text ?? '')![1],
      );
      const answer = await fetch(`${server.url}/api/ph/recipient-confirmations/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          organization: Number(confirmLink.get('organization')),
          token: confirmLink.get('token'),
          decision: 'confirm',
        }),
      });
      expect(answer.status).toBe(200);
      await page.getByRole('button', { name: d('list.sendNowOf', { name }) }).click();
      const confirm = page.getByRole('dialog', { name: d('send.title', { name }) });
      await confirm.getByRole('button', { name: d('send.confirm') }).click();
      await page.getByText(d('messages.sent.sent_one', { count: '1' })).waitFor({ timeout: 30_000 });
      const mail = await simpleParser((await secondMailTo(address)).data);
      expect(mail.subject).toContain(name);
      expect(mail.html).toContain(name);
      expect(mail.text).toContain(name);
      expect(mail.attachments.some((a) => a.contentType === 'image/png' && a.size > 0)).toBe(true);
      const link = /(https?:\/\/\S+\/msas\/analytics\/overview\?\S+)/.exec(mail.text ?? '')?.[1];
      expect(link).toBeDefined();
      const target = new URL(link!);
      await page.goto(`${target.pathname}${target.search}`);
      await waitForHeading(page, tr(lang, 'menu', 'pages.overview'));
      expect(new URL(page.url()).searchParams.get('begin_date')).toBe(target.searchParams.get('begin_date'));
    });

    it('the history holds the send', async () => {
      await page.goto('/msas/monitoring/reports');
      await waitForHeading(page, tr(lang, 'menu', 'pages.reports'));
      await page.getByRole('button', { name: d('list.historyOf', { name }) }).click();
      const dialog = page.getByRole('dialog', { name: d('history.title', { name }) });
      const table = dialog.getByRole('table', { name: d('history.caption') });
      await expect(table.innerText()).resolves.toContain(d('history.kinds.manual'));
      await shot('history');
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  },
);
